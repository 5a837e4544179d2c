import type { Language } from '../constants';
import { normalizedPhrase } from './text-terms';

// Words of someone who may be in danger now. The assistant then says first where to get help at once (911, 988),
// whatever else it answers: it must never leave such a message with a study FAQ alone.
const URGENT: Record<Language, RegExp> = {
  en: / (suicid\w*|kill myself|end my life|want to die|hurt myself|self harm|chest pain|cant breathe|cannot breathe|trouble breathing|hard to breathe|heart attack|overdose|passed out|fainted|emergency) /,
  sp: / (suicid\w*|matarme|quitarme la vida|no quiero vivir|quiero morir\w*|hacerme dano|dolor (de|en el) pecho|no puedo respirar|me falta el aire|falta de aire|ataque al corazon|infarto|sobredosis|me desmaye|emergencia\w*) /,
};

export function soundsUrgent(question: string, language: Language): boolean {
  return URGENT[language].test(normalizedPhrase(question));
}
