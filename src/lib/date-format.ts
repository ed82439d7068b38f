// Dates and times as staff and customers in the Netherlands read them: "24-11-2026 14:05", in Amsterdam time.
const dateTime = new Intl.DateTimeFormat('nl-NL', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Amsterdam' });
const date = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Amsterdam' });

export const formatDateTime = (iso: string | null | undefined): string => (iso ? dateTime.format(new Date(iso)) : '–');
export const formatDate = (iso: string | null | undefined): string => (iso ? date.format(new Date(iso)) : '–');
