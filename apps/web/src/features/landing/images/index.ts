// `?no-inline` keeps every illustration a separate file, so none of them adds to the page's JavaScript.
import heroUrl from './hero.svg?no-inline';
import stepRegisterUrl from './step-register.svg?no-inline';
import stepConsentUrl from './step-consent.svg?no-inline';
import stepQuestionnaireUrl from './step-questionnaire.svg?no-inline';
import stepControlUrl from './step-control.svg?no-inline';
import privacyUrl from './privacy.svg?no-inline';
import partnerUrl from './partner.svg?no-inline';
import mediaFindingsUrl from './media-findings.svg?no-inline';
import mediaPartnerUrl from './media-partner.svg?no-inline';
import mediaCommunityUrl from './media-community.svg?no-inline';
import mediaLaunchUrl from './media-launch.svg?no-inline';
import logoNorthbridgeUrl from './logo-northbridge.svg?no-inline';
import logoRiverstoneUrl from './logo-riverstone.svg?no-inline';
import logoCedarvaleUrl from './logo-cedarvale.svg?no-inline';
import logoLumenUrl from './logo-lumen.svg?no-inline';
import logoHarborlightUrl from './logo-harborlight.svg?no-inline';
import logoBluepeakUrl from './logo-bluepeak.svg?no-inline';
import logoMeadowgateUrl from './logo-meadowgate.svg?no-inline';
import logoCopperlineUrl from './logo-copperline.svg?no-inline';

export { heroUrl, privacyUrl, partnerUrl };

/** Icons of the four "how taking part works" steps, in order. */
export const stepIcons = [stepRegisterUrl, stepConsentUrl, stepQuestionnaireUrl, stepControlUrl];

/** Sponsor marks by the sponsor id used in the content files. */
export const sponsorLogos: Record<string, string> = {
  northbridge: logoNorthbridgeUrl,
  riverstone: logoRiverstoneUrl,
  cedarvale: logoCedarvaleUrl,
  lumen: logoLumenUrl,
  harborlight: logoHarborlightUrl,
  bluepeak: logoBluepeakUrl,
  meadowgate: logoMeadowgateUrl,
  copperline: logoCopperlineUrl,
};

/** Media-room illustrations by the press item id used in the content files. */
export const mediaImages: Record<string, string> = {
  findings: mediaFindingsUrl,
  partner: mediaPartnerUrl,
  community: mediaCommunityUrl,
  launch: mediaLaunchUrl,
};
