// Dates as the shop shows them (English, the visitor's time zone).
export const formatDateTime = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
export const formatDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso));
export const formatTime = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { timeStyle: 'short' }).format(new Date(iso));
