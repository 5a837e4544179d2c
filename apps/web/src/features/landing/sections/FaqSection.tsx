import { useEffect, useState } from 'react';
import { Box, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useLocation } from 'react-router';
import type { LandingContent } from '../content';
import { focusRing, landingColors } from '../styles';
import { LandingSection } from './LandingSection';

/**
 * Frequently asked questions, each a disclosure: an h3 whose button shows or hides the answer below it. A link to one
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

  const toggle = (id: string) => setToggled((choices) => new Map(choices).set(id, !isExpanded(id)));

  return (
    <LandingSection id="faq" heading={content.heading} intro={content.intro} split>
      <Box>
        {content.items.map((item) => {
          const id = `faq-${item.id}`;
          const open = isExpanded(item.id);
          return (
            <Box
              key={id}
              id={id}
              sx={{
                mb: 1.5,
                bgcolor: '#ffffff',
                border: '1px solid',
                borderColor: open ? 'primary.main' : landingColors.border,
                borderRadius: '12px',
              }}
            >
              <Box component="h3" sx={{ m: 0, font: 'inherit' }}>
                <Box
                  component="button"
                  type="button"
                  id={`${id}-question`}
                  aria-expanded={open}
                  aria-controls={`${id}-answer`}
                  onClick={() => toggle(item.id)}
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'space-between',
                    gap: 2,
                    width: '100%',
                    minHeight: 60,
                    px: { xs: 2, sm: 3 },
                    py: 1,
                    border: 0,
                    borderRadius: '12px',
                    bgcolor: 'transparent',
                    font: 'inherit',
                    fontWeight: 600,
                    fontSize: '1.1rem',
                    color: landingColors.heading,
                    textAlign: 'left',
                    cursor: 'pointer',
                    '&:focus-visible': { bgcolor: landingColors.tint },
                    ...focusRing,
                  }}
                >
                  {item.question}
                  <ExpandMoreIcon
                    aria-hidden
                    sx={{
                      color: 'primary.main',
                      transform: open ? 'rotate(180deg)' : 'none',
                      transition: 'transform 0.2s',
                    }}
                  />
                </Box>
              </Box>
              <Box
                id={`${id}-answer`}
                role="region"
                aria-labelledby={`${id}-question`}
                hidden={!open}
                sx={{ px: { xs: 2, sm: 3 }, pb: 2.5 }}
              >
                <Typography sx={{ fontSize: '1.05rem', maxWidth: '70ch' }}>{item.answer}</Typography>
              </Box>
            </Box>
          );
        })}
      </Box>
    </LandingSection>
  );
}
