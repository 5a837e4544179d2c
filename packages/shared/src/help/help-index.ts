import type { Language } from '../constants';
import { searchTerms, withinEdits } from './text-terms';

/** Where an answer comes from; the assistant names the page with it. */
export const HELP_SOURCES = ['faq', 'portal', 'education', 'research', 'supportPrograms'] as const;
export type HelpSource = (typeof HELP_SOURCES)[number];

/** One thing the assistant can answer with: an FAQ, an article of a content page, or a how-to of the portal. */
export interface HelpDocument {
  id: string;
  source: HelpSource;
  /** The page (and section) that answers in full, e.g. `/education#hemodialysis`. */
  path: string;
  title: string;
  /** The short answer the assistant says. */
  answer: string;
  /** The rest of the text, searched but not said. */
  body: string;
}

export interface HelpMatch {
  document: HelpDocument;
  score: number;
  /** How much of what was asked the document covers, from 0 to 1, rare words counting most. */
  confidence: number;
  /** Whether a word of the question is in the title or the short answer, not only deep in the text. */
  anchored: boolean;
}

/** Groups of words that mean the same to someone asking, e.g. ["quit", "leave", "withdraw"]. */
export type SynonymGroups = readonly (readonly string[])[];

const FIELDS = ['title', 'answer', 'body'] as const;
type Field = (typeof FIELDS)[number];

// BM25 per field (the usual k1, a mild length normalization: long articles are not worse answers), summed with
// these weights, so that a word of the title counts on its own and is not drowned by a long text repeating others.
const K1 = 1.2;
const B = 0.3;
const FIELD_WEIGHTS: Record<Field, number> = { title: 4, answer: 1.5, body: 1 };
const SYNONYM_WEIGHT = 0.9;
const TYPO_WEIGHT = 0.6;
const TITLE_COVERAGE_FLOOR = 0.8;
/** A word no document has counts like a common one: it makes an answer less likely, not impossible. */
const UNSEEN_IMPORTANCE = 1.2;

interface IndexedField {
  frequencies: Map<string, number>;
  length: number;
}

interface IndexedDocument {
  document: HelpDocument;
  fields: Record<Field, IndexedField>;
}

interface QueryTerm {
  /** Terms of the documents that stand for it, with how fully each counts. */
  variants: Map<string, number>;
  importance: number;
}

function indexField(text: string, language: Language): IndexedField {
  const terms = searchTerms(text, language);
  const frequencies = new Map<string, number>();
  for (const term of terms) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
  return { frequencies, length: terms.length };
}

/**
 * A ranked search over the assistant's documents in one language: BM25 over title, short answer and text, with
 * stemming, accent-free matching, synonyms and a typo forgiven in longer words.
 */
export function createHelpIndex(documents: readonly HelpDocument[], language: Language, synonyms: SynonymGroups) {
  const indexed: IndexedDocument[] = documents.map((document) => ({
    document,
    fields: {
      title: indexField(document.title, language),
      answer: indexField(document.answer, language),
      body: indexField(document.body, language),
    },
  }));
  const averageLength = Object.fromEntries(
    FIELDS.map((field) => [
      field,
      Math.max(indexed.reduce((sum, d) => sum + d.fields[field].length, 0) / Math.max(indexed.length, 1), 1),
    ]),
  ) as Record<Field, number>;
  const documentFrequency = new Map<string, number>();
  for (const { fields } of indexed) {
    const terms = new Set(FIELDS.flatMap((field) => [...fields[field].frequencies.keys()]));
    for (const term of terms) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  const vocabulary = [...documentFrequency.keys()];
  const idf = (term: string) => {
    const df = documentFrequency.get(term) ?? 0;
    return Math.log(1 + (indexed.length - df + 0.5) / (df + 0.5));
  };

  const synonymsOf = new Map<string, Set<string>>();
  for (const group of synonyms) {
    const terms = group.flatMap((word) => searchTerms(word, language));
    for (const term of terms) {
      const known = synonymsOf.get(term) ?? new Set<string>();
      for (const other of terms) if (other !== term) known.add(other);
      synonymsOf.set(term, known);
    }
  }

  function queryTerm(term: string): QueryTerm {
    const variants = new Map<string, number>();
    if (documentFrequency.has(term)) variants.set(term, 1);
    else if (term.length >= 5) {
      const edits = term.length >= 8 ? 2 : 1;
      for (const known of vocabulary) if (withinEdits(term, known, edits)) variants.set(known, TYPO_WEIGHT);
    }
    for (const synonym of synonymsOf.get(term) ?? [])
      if (documentFrequency.has(synonym) && !variants.has(synonym)) variants.set(synonym, SYNONYM_WEIGHT);
    return { variants, importance: variants.has(term) ? idf(term) : UNSEEN_IMPORTANCE };
  }

  /** How strongly one term of a document answers: BM25 of each field, weighted and summed. */
  function termScore(fields: Record<Field, IndexedField>, term: string): number {
    let score = 0;
    for (const field of FIELDS) {
      const { frequencies, length } = fields[field];
      const tf = frequencies.get(term);
      if (!tf) continue;
      const norm = 1 - B + (B * length) / averageLength[field];
      score += FIELD_WEIGHTS[field] * ((tf * (K1 + 1)) / (tf + K1 * norm));
    }
    return score * idf(term);
  }

  return {
    /** The documents that answer a question, best first, with how well each covers it. */
    search(question: string, limit = 3): HelpMatch[] {
      const terms = [...new Set(searchTerms(question, language))].map(queryTerm);
      const totalImportance = terms.reduce((sum, t) => sum + t.importance, 0);
      if (totalImportance === 0) return [];
      const matches: HelpMatch[] = [];
      for (const { document, fields } of indexed) {
        let score = 0;
        let covered = 0;
        let anchored = false;
        const titleMatched = new Set<string>();
        for (const term of terms) {
          let best = 0;
          let bestWeight = 0;
          for (const [variant, weight] of term.variants) {
            const value = weight * termScore(fields, variant);
            if (value === 0) continue;
            best = Math.max(best, value);
            bestWeight = Math.max(bestWeight, weight);
            if (fields.title.frequencies.has(variant)) titleMatched.add(variant);
            if (fields.title.frequencies.has(variant) || fields.answer.frequencies.has(variant)) anchored = true;
          }
          score += best;
          covered += bestWeight * term.importance;
        }
        // A document that answers more of the question ranks above one that answers part of it more loudly.
        const confidence = covered / totalImportance;
        // A title all about what was asked beats one that only mentions it ("Hemodialysis" against "Traveling
        // with dialysis" for "what is dialysis?").
        const titleCoverage = titleMatched.size / Math.max(fields.title.frequencies.size, 1);
        const ranked = score * confidence ** 2 * (TITLE_COVERAGE_FLOOR + (1 - TITLE_COVERAGE_FLOOR) * titleCoverage);
        if (score > 0) matches.push({ document, score: ranked, confidence, anchored });
      }
      return matches.sort((a, b) => b.score - a.score).slice(0, limit);
    },
  };
}
export type HelpIndex = ReturnType<typeof createHelpIndex>;
