import { useEffect } from 'react';
import { Box } from '@mui/material';
import { useTranslation } from '../../lib/use-translation';
import { useLandingContent } from './content';
import { FaqSection } from './sections/FaqSection';
import { HeroSection } from './sections/HeroSection';
import { JoinSection } from './sections/JoinSection';
import { MediaRoomSection } from './sections/MediaRoomSection';
import { PartnersSection } from './sections/PartnersSection';
import { SponsorsSection } from './sections/SponsorsSection';
import { StepsSection } from './sections/StepsSection';
import { StorySection } from './sections/StorySection';

/** The public landing page at / and /landing; every text comes from the shared landing content files. */
export default function LandingPage() {
  const { t } = useTranslation();
  const content = useLandingContent();

  useEffect(() => {
    document.title = `${content.meta.title} | ${t('shell.studyName')}`;
  }, [content, t]);

  return (
    // The scroll margin keeps a control that receives keyboard focus clear of the sticky header.
    <Box sx={{ '& a, & button': { scrollMarginTop: 96, scrollMarginBottom: 24 } }}>
      <HeroSection content={content.hero} />
      <StorySection content={content.story} />
      <StepsSection content={content.steps} />
      <FaqSection content={content.faq} />
      <SponsorsSection content={content.sponsors} />
      <PartnersSection content={content.partners} />
      <MediaRoomSection content={content.media} />
      <JoinSection content={content.cta} />
    </Box>
  );
}
