import { useEffect, useState } from 'react';
import { Accordion, AccordionDetails, AccordionSummary, Box, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useLocation } from 'react-router';
import type { LandingContent } from '../content';
import { landingColors } from '../styles';
import { LandingSection } from './LandingSection';

/**
 * Frequently asked questions as keyboard-operable accordions (each question is an h3 button). A link to one
 * question (`/#faq-cost`, as the help assistant gives) opens it and brings it into view.
 */
export function FaqSection({ content }: { content: LandingContent['faq'] }) {
  const { hash } = useLocation();
  const linked = content.items.find((item) => `#faq-${item.id}` === hash)?.id;
  // What the reader opened or closed; a linked question starts open.
  const [toggled, setToggled] = useState<ReadonlyMap<string, boolean>>(() => new Map());
  const isExpanded = (id: string) => toggled.get(id) ?? id === linked;
  useEffect(() => {
    if (!linked) return;
    const question = document.getElementById(`faq-${linked}-question`);
    question?.scrollIntoView({ block: 'start' });
    question?.focus({ preventScroll: true });
  }, [linked]);

  return (
    <LandingSection id="faq" heading={content.heading} intro={content.intro} split>
      <Box>
        {content.items.map((item) => {
          const id = `faq-${item.id}`;
          return (
            <Accordion
              key={id}
              id={id}
              expanded={isExpanded(item.id)}
              onChange={(_event, open) => setToggled((choices) => new Map(choices).set(item.id, open))}
              disableGutters
              elevation={0}
              sx={{
                mb: 1.5,
                border: `1px solid ${landingColors.border}`,
                borderRadius: '12px !important',
                '&::before': { display: 'none' },
                '&.Mui-expanded': { borderColor: 'primary.main' },
              }}
            >
              <AccordionSummary
                id={`${id}-question`}
                aria-controls={`${id}-answer`}
                expandIcon={<ExpandMoreIcon aria-hidden sx={{ color: 'primary.main' }} />}
                sx={{
                  px: { xs: 2, sm: 3 },
                  py: 1,
                  minHeight: 60,
                  borderRadius: '12px',
                  '&.Mui-focusVisible': {
                    bgcolor: landingColors.tint,
                    outline: '3px solid #0b5d6b',
                    outlineOffset: '2px',
                  },
                }}
              >
                <Typography component="span" sx={{ fontWeight: 600, fontSize: '1.1rem', color: landingColors.heading }}>
                  {item.question}
                </Typography>
              </AccordionSummary>
              <AccordionDetails sx={{ px: { xs: 2, sm: 3 }, pb: 2.5 }}>
                <Typography sx={{ fontSize: '1.05rem', maxWidth: '70ch' }}>{item.answer}</Typography>
              </AccordionDetails>
            </Accordion>
          );
        })}
      </Box>
    </LandingSection>
  );
}
