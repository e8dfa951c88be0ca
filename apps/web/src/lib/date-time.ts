const dateTimeFormat = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

/** A moment as customers read it: "27 Nov 2026, 3:27 pm". */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}
