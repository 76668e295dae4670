/** Job types of the mailing lists (see server/jobs/handlers.ts). */
export const JOB_SYNC_CONTACT = "list.syncContact";
export const JOB_SEND_BATCH = "list.sendBatch";
export const JOB_RESYNC_ALL = "list.resyncAll";
export const JOB_BRONTO_POLL = "list.brontoPoll";
export const JOB_CREATE_LIST = "list.createList";
