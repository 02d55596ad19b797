/**
 * Where the payment page takes the whole screen, as a modal dialog: a phone's width. The frame
 * controller opens it modal there (in the script-tag file), the 3-D Secure window size is the
 * whole screen's there (challenge-window.ts), and the page's styles lay a page loading out of
 * sight over the whole screen there too (payment-page.styles.ts, in the schema part). A module of
 * its own, so the script-tag file carries this line and not those styles.
 */
export const PHONE = '(max-width:480px)';
