/** The content-service shape of SPEC §7 that the banner client reads. */
export interface ContentNotification {
  id: string | number;
  attributes: { Active: boolean; Message: string };
}

export const toContentNotification = (row: { id: string; message: string; active: boolean }): ContentNotification => ({
  id: row.id,
  attributes: { Active: row.active, Message: row.message },
});
