import { call, type TokenPair } from './accounts';

interface SurveyRow {
  id: string;
  name: { en: string; sp: string };
  effectiveEndDate: string;
}

/**
 * Brings a saved one-time survey's send date forward to a few seconds from now through the API (a send date may
 * not be in the past), so its invitations go out at the scheduler's next run instead of at a whole minute.
 */
export async function sendOneTimeSurveySoon(admin: TokenPair, englishName: string) {
  const headers = { authorization: `Bearer ${admin.access_token}`, 'content-type': 'application/json' };
  const list = await call<{ data: { content: SurveyRow[] } }>('/survey/one-time?page=0&size=25&sort=createdAt,desc', {
    headers,
  });
  const survey = list.body.data.content.find((row) => row.name.en === englishName);
  if (!survey) throw new Error(`no one-time survey named ${englishName}`);
  const detail = await call<{ data: { definition: Record<string, unknown> } }>(
    `/survey/one-time/detail?id=${survey.id}`,
    { headers },
  );
  const soon = new Date(Date.now() + 3_000).toISOString();
  const saved = await call<{ status: boolean }>(`/survey/one-time?id=${survey.id}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({
      name: survey.name,
      definition: detail.body.data.definition,
      sendDate: soon,
      effectiveStartDate: soon,
      effectiveEndDate: survey.effectiveEndDate,
    }),
  });
  if (saved.status !== 200) throw new Error(`the send date was not moved: ${JSON.stringify(saved.body)}`);
}
