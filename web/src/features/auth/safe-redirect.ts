/** Only same-app paths are followed after sign-in (no open redirects, no loop back to /login). */
export function safeRedirect(target: string | undefined): string {
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/login') ? target : '/';
}
