import type { ReactNode } from 'react';
import { Alert, AlertTitle, Box, Link, Typography } from '@mui/material';
import { Trans, useTranslation } from '../../../lib/use-translation';
import { Link as RouterLink } from 'react-router';
import type { TContactSettings } from '@portal/shared/client-config';
import type { Language } from '@portal/shared/constants';
import type { HelpReply } from '@portal/shared/help/help-assistant';
import type { HelpMatch, HelpSource } from '@portal/shared/help/help-index';
import { VisuallyHidden } from '../../../components/ui/VisuallyHidden';
import type { ChatTurn } from './chat-conversation';
import { focusRing } from '../../../components/ui/styles';
import { canOpen, type Audience } from '../../../lib/route-access';

/** The page each kind of answer comes from, named after the link to it. */
const SOURCE_NAMES: Record<HelpSource, string> = {
  faq: 'help.sources.faq',
  portal: 'help.sources.portal',
  education: 'pages.education',
  research: 'pages.research',
  supportPrograms: 'pages.supportPrograms',
};

/** Standalone links get at least a 24 px tall target (WCAG 2.5.8). */
const linkTarget = { display: 'inline-block', py: 0.25, fontWeight: 600, ...focusRing } as const;

export interface ReplyContext {
  language: Language;
  contact: TContactSettings | undefined;
  /** Who is asking: an answer links only to pages this person can open. */
  audience: Audience;
  /** Called when an answer link is followed (the window closes on phones, so the page is seen). */
  onFollow(): void;
}

export function Bubble({ from, id, children }: { from: 'person' | 'assistant'; id?: string; children: ReactNode }) {
  const person = from === 'person';
  return (
    <Box
      id={id}
      sx={{
        alignSelf: person ? 'flex-end' : 'flex-start',
        maxWidth: person ? '85%' : '100%',
        px: 2,
        py: 1.25,
        borderRadius: 3,
        borderBottomRightRadius: person ? 4 : undefined,
        borderBottomLeftRadius: person ? undefined : 4,
        bgcolor: person ? 'primary.main' : 'grey.100',
        color: person ? 'primary.contrastText' : 'text.primary',
        overflowWrap: 'anywhere',
        '& p': { m: 0 },
        '& p + p, & p + ul, & ul + p': { mt: 1 },
      }}
    >
      {children}
    </Box>
  );
}

/** One question and its reply, each introduced to screen readers by who says it. */
export function ChatTurnView({ turn, context }: { turn: ChatTurn; context: ReplyContext }) {
  const { t } = useTranslation();
  return (
    <Box data-turn={turn.id} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Bubble from="person">
        <VisuallyHidden>{t('help.youAsked')} </VisuallyHidden>
        {turn.question}
      </Bubble>
      <Bubble from="assistant">
        <VisuallyHidden>{t('help.assistantAnswered')} </VisuallyHidden>
        {turn.reply.status === 'pending' && <Typography component="p">{t('help.thinking')}</Typography>}
        {turn.reply.status === 'failed' && (
          <>
            <Typography component="p">{t('help.loadFailed')}</Typography>
            <ContactDetails context={context} />
          </>
        )}
        {turn.reply.status === 'answered' && <Reply reply={turn.reply.reply} context={context} />}
      </Bubble>
    </Box>
  );
}

function Reply({ reply, context }: { reply: HelpReply; context: ReplyContext }) {
  const { t } = useTranslation();
  const [best, ...related] = reply.matches;
  const others = related.filter((match) => canOpen(match.document.path, context.audience));
  return (
    <>
      {reply.urgent && <UrgentNotice />}
      {best ? (
        <>
          <Typography component="p">{best.document.answer}</Typography>
          {/* The answer stands on its own where its page is not this person's (a visitor asking about surveys). */}
          {canOpen(best.document.path, context.audience) && (
            <Typography component="p">
              <AnswerLink match={best} onFollow={context.onFollow}>
                {t('help.readMore', { title: best.document.title })}
              </AnswerLink>
            </Typography>
          )}
          {others.length > 0 && (
            <>
              <Typography component="p">{t('help.related')}</Typography>
              <Box component="ul" sx={{ my: 0, pl: 2.5 }}>
                {others.map((match) => (
                  <li key={match.document.id}>
                    <AnswerLink match={match} onFollow={context.onFollow}>
                      {match.document.title}
                    </AnswerLink>
                  </li>
                ))}
              </Box>
            </>
          )}
        </>
      ) : (
        <>
          {/* After a call for urgent help, "I don't know" would sound like a brush-off: the team's details suffice. */}
          <Typography component="p">{reply.urgent ? t('help.contactTeam') : t('help.notKnown')}</Typography>
          {!reply.urgent && <Typography component="p">{t('help.askAgain')}</Typography>}
          <ContactDetails context={context} />
        </>
      )}
    </>
  );
}

/** A link to the page that answers in full, followed by that page's name. */
function AnswerLink({ match, onFollow, children }: { match: HelpMatch; onFollow(): void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <Link component={RouterLink} to={match.document.path} onClick={onFollow} sx={linkTarget}>
        {children}
      </Link>{' '}
      <Box component="span" sx={{ color: 'text.secondary' }}>
        ({t(SOURCE_NAMES[match.document.source])})
      </Box>
    </>
  );
}

/** Where to get help at once, before anything else, when the question sounds like an emergency or a crisis. */
function UrgentNotice() {
  const { t } = useTranslation();
  const link = (number: string) => (
    <Link href={`tel:${number}`} color="inherit" sx={{ fontWeight: 700, ...focusRing }} />
  );
  return (
    <Alert severity="error" sx={{ mb: 1.5, '& p + p': { mt: 0.5 } }}>
      <AlertTitle component="p" sx={{ fontWeight: 700 }}>
        {t('help.urgent.title')}
      </AlertTitle>
      <Typography component="p">
        <Trans t={t} i18nKey="help.urgent.emergency" components={{ call911: link('911') }} />
      </Typography>
      <Typography component="p">
        <Trans t={t} i18nKey="help.urgent.crisis" components={{ call988: link('988') }} />
      </Typography>
    </Alert>
  );
}

/** The study team's phone, hours and e-mail, as the footer shows them, and the Contact Us page for participants. */
function ContactDetails({ context }: { context: ReplyContext }) {
  const { t } = useTranslation();
  const { contact, language, audience, onFollow } = context;
  const contactPage = canOpen('/contact-us', audience);
  if (!contact && !contactPage) return null;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, mb: 0, mt: 1 }}>
      {contact && (
        <>
          <li>
            {t('footer.phone')}:{' '}
            <Link href={`tel:${contact.phone}`} sx={linkTarget}>
              {contact.phone}
            </Link>{' '}
            {t('footer.extension', { extension: contact.extension })}
          </li>
          <li>{contact.hours[language]}</li>
          <li>
            {t('footer.email')}:{' '}
            <Link href={`mailto:${contact.email}`} sx={linkTarget}>
              {contact.email}
            </Link>
          </li>
        </>
      )}
      {contactPage && (
        <li>
          <Link component={RouterLink} to="/contact-us" onClick={onFollow} sx={linkTarget}>
            {t('help.contactUsPage')}
          </Link>
        </li>
      )}
    </Box>
  );
}
