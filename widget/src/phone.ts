/**
 * Where the payment page takes the whole screen, as a modal dialog: a phone's width. The frame
 * controller opens it modal there (in the script-tag file), the 3-D Secure window size is the
 * whole screen's there (challenge-window.ts).
 */
export const PHONE = '(max-width:480px)';
