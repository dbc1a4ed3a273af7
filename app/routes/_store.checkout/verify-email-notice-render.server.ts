/*
 * Decision 106's notice and its wording as the server uses them: the notice in the page's HTML
 * at once, the wording in the loader's data and the action's refusal. The browser loads the
 * notice only for a page that shows it (route.tsx, decision 112), and never the wording module.
 */
export { VerifyEmailNotice } from "~/components/auth/verify-email-notice";
export { EMAIL_VERIFICATION_MESSAGES } from "~/models/customers/email-verification";
