/** The hours of the study's day in which reminders and other bulk e-mail may leave, `from` inclusive. */
export interface SendHours {
  from: number;
  to: number;
}

/** The hour of `now` on the study's clock, 0 to 23. */
export function studyHour(now: Date, timeZone: string): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(now));
}

/** Whether `now` falls within the sending hours of the study's time zone. */
export function withinSendHours(now: Date, timeZone: string, hours: SendHours): boolean {
  const hour = studyHour(now, timeZone);
  return hour >= hours.from && hour < hours.to;
}
