import type { AppServices } from './app-services';
import type { createScheduler } from './jobs/scheduler';

/** Carries out manual withdrawal requests whose hold has ended. */
export const MANUAL_WITHDRAWALS_JOB = 'manual-withdrawals';
/** Writes queued Data Export runs, fails those whose process died, and deletes archives past their 7 days. */
export const EXPORT_RUNS_JOB = 'data-export-runs';
/** Sends the invitations of one-time surveys whose send date has come. */
export const ONE_TIME_INVITATIONS_JOB = 'one-time-invitations';
/** Queues the e-mails of posted study notices, a batch at a time; also run right after a notice is posted. */
export const STUDY_NOTICE_MAIL_JOB = 'study-notice-mail';

/**
 * The portal's scheduled work, each every minute: e-mail delivery, reminders, manual withdrawals whose hold has
 * ended, Data Export runs, and one-time survey invitations whose send date has come. What reminders and invitations queue goes
 * out at once, at the pace bulk mail keeps.
 */
export function addScheduledJobs(scheduler: ReturnType<typeof createScheduler>, services: AppServices) {
  const { mailer, reminders, withdrawals, exportRuns } = services;
  const invitations = services.oneTimeSurveys.invitations;
  scheduler.add({ name: 'mail-delivery', cron: '* * * * *', run: (signal) => mailer.sweep(signal) });
  scheduler.add({
    name: 'reminders',
    cron: '* * * * *',
    run: async (signal) => {
      if ((await reminders.run(signal)) > 0) await mailer.sweep(signal);
    },
  });
  scheduler.add({
    name: MANUAL_WITHDRAWALS_JOB,
    cron: '* * * * *',
    run: async (signal) => void (await withdrawals.carryOutDue(signal)),
  });
  scheduler.add({
    name: EXPORT_RUNS_JOB,
    cron: '* * * * *',
    // A run of a million rows in three formats takes tens of minutes.
    expireInSeconds: 6 * 60 * 60,
    run: async (signal) => void (await exportRuns.work(signal)),
  });
  scheduler.add({
    name: STUDY_NOTICE_MAIL_JOB,
    cron: '* * * * *',
    run: async (signal) => {
      if ((await services.noticeMail.run(signal)) > 0) await mailer.sweep(signal);
    },
  });
  scheduler.add({
    name: ONE_TIME_INVITATIONS_JOB,
    cron: '* * * * *',
    run: async (signal) => {
      if ((await invitations.run(signal)) > 0) await mailer.sweep(signal);
    },
  });
}
