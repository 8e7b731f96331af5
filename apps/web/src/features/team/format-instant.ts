/** An ISO instant as a short date and time in the user's language. */
export function formatInstant(instant: string, language: string): string {
  return new Date(instant).toLocaleString(language === 'sp' ? 'es-MX' : 'en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}
