/**
 * The account pages' strings (the account status page, choosing a new
 * password, the client dashboard's account card): kept out of the eager
 * catalog, they ship with those pages (src/features/auth/use-account-page-messages.ts).
 */
export const accountPages = {
  account: {
    metaTitle: 'Your account',
    heading: 'Your account',
    signedInAs: (email: string) => `Signed in as ${email}.`,
    loading: 'Checking your request…',
    loadFailed: 'We could not check your request. Reload the page to try again.',
    pendingTitle: 'Your request is under review',
    pendingBody:
      'Our team reviews every B2B access request. You will reach the client portal the next time you sign in after it is approved.',
    declinedTitle: 'Your request was declined',
    revokedTitle: 'Your access was withdrawn',
    noteLabel: 'Message from our team:',
    approvedTitle: 'Your request was approved',
    approvedBody: 'Reload the page: the client portal is open to you.',
    noneTitle: 'No access request',
    noneBody: 'This account has not requested B2B access and has no access to the client portal or the staff areas.',
    requestIntro: 'Tell us about your business and send your request: our team reviews it and replies by email.',
    requestSent: 'Your request is sent. Our team will review it.',
    requestButton: 'Send my request',
    backToDashboard: 'Back to the dashboard',
    clientHeading: 'Your account',
    signOut: 'Sign out',
  },
  reset: {
    metaTitle: 'Choose a new password',
    heading: 'Choose a new password',
    intro: 'Press the button to continue with the link from your email.',
    button: 'Continue',
    verifying: 'Checking the link…',
    invalid: 'This link is invalid, was already used or has expired. Ask for a new one.',
    askAgain: 'Ask for a new link',
    newPassword: 'New password',
    submit: 'Save and sign in',
    saving: 'Saving…',
    failed: 'The password could not be saved. Try again.',
    samePassword: 'Choose a password different from the old one.',
    codeIntro: 'This account uses two-step verification: enter the 6-digit code from your authenticator app first.',
    code: 'Authentication code',
    verify: 'Verify',
    wrongCode: 'That code is not right. Try the code your app shows now.',
    codeFormat: 'Enter the 6-digit code from your authenticator app.',
    codeFailed: 'The code could not be checked. Try again.',
  },
  invite: {
    metaTitle: 'Accept your invitation',
    heading: 'Join the team',
    intro:
      'Press the button to accept the invitation from your email, then choose your password. Next you add the account to an authenticator app.',
    button: 'Accept the invitation',
    invalid:
      'This invitation link is invalid, was already used or has expired. Ask the admin who invited you to send a new one.',
    askAgain: 'Go to the sign-in page',
    newPassword: 'Your password',
    submit: 'Save and continue',
  },
  dashboard: {
    metaTitle: 'Client dashboard',
    metaDescription: 'Your client portal: your documents and your account manager.',
    heading: 'Client dashboard',
    welcome: (email: string) => `Welcome, ${email}`,
    account: 'Your account',
    signOut: 'Sign Out',
  },
};

export type AccountPageMessages = typeof accountPages;
