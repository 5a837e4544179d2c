import { useState } from 'react';
import { Box, Button, Paper, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { LandingContent } from '../content';
import { mediaImages } from '../images';
import { focusRing, landingColors, plainList } from '../styles';
import { LandingSection } from './LandingSection';
import { Moment } from '../../../components/ui/Moment';
import { columnSpan, twelveColumns } from '../../../components/ui/styles';

type MediaContent = LandingContent['media'];

function PressItem({ item, labels }: { item: MediaContent['items'][number]; labels: MediaContent }) {
  const [open, setOpen] = useState(false);
  const titleId = `press-${item.id}-title`;
  const detailsId = `press-${item.id}-details`;
  return (
    <Paper
      component="article"
      aria-labelledby={titleId}
      elevation={0}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderRadius: 4,
        overflow: 'hidden',
        border: `1px solid ${landingColors.border}`,
      }}
    >
      <Box
        component="img"
        src={mediaImages[item.id]}
        alt=""
        width={320}
        height={180}
        loading="lazy"
        sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '16 / 9' }}
      />
      <Box sx={{ p: 3, display: 'flex', flexDirection: 'column', flexGrow: 1 }}>
        <Typography sx={{ color: 'text.secondary', fontWeight: 600, fontSize: '0.95rem' }}>
          {labels.publishedLabel} <Moment at={item.date} timeZone="UTC" />
        </Typography>
        <Typography variant="h3" id={titleId} sx={{ color: landingColors.heading, fontSize: '1.2rem', mt: 1, mb: 1 }}>
          {item.title}
        </Typography>
        <Typography sx={{ fontSize: '1.05rem' }}>{item.summary}</Typography>
        <Typography id={detailsId} hidden={!open} sx={{ fontSize: '1.05rem', mt: 1.5 }}>
          {item.details}
        </Typography>
        <Box sx={{ mt: 'auto', pt: 2 }}>
          <Button
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
            aria-controls={detailsId}
            aria-describedby={titleId}
            endIcon={
              <ExpandMoreIcon
                aria-hidden
                sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 0.2s' }}
              />
            }
            sx={{ px: 1, ml: -1, fontSize: '1.05rem', ...focusRing }}
          >
            {open ? labels.showLess : labels.readMore}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}

/** Press items: date (MM/DD/YYYY), title, summary with an expandable full text, and an illustration. */
export function MediaRoomSection({ content }: { content: MediaContent }) {
  return (
    <LandingSection id="media-room" heading={content.heading} intro={content.intro} tone="tint">
      <Box component="ul" sx={{ ...plainList, ...twelveColumns(3) }}>
        {content.items.map((item) => (
          <Box component="li" key={item.id} sx={columnSpan({ xs: 12, sm: 6, lg: 3 })}>
            <PressItem item={item} labels={content} />
          </Box>
        ))}
      </Box>
    </LandingSection>
  );
}
