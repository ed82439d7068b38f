// Dates and times as staff and customers in the Netherlands read them: "24-11-2026 14:05", in Amsterdam time.
const day = new Intl.DateTimeFormat('nl-NL', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Amsterdam' });
const time = new Intl.DateTimeFormat('nl-NL', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Amsterdam' });
const longDate = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Amsterdam' });

export const formatDateTime = (iso: string | null | undefined): string => {
  if (!iso) return '–';
  const at = new Date(iso);
  return `${day.format(at)} ${time.format(at)}`;
};
export const formatDate = (iso: string | null | undefined): string => (iso ? longDate.format(new Date(iso)) : '–');
