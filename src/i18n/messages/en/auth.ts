/** Sign-in, client portal and session texts (spec 2.9, 2.10, 5, 8; DECISIONS D1, D14). */
export const auth = {
  session: {
    checking: 'Checking your session…',
  },
  form: {
    label: 'Sign in',
    email: 'Email',
    password: 'Password',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    submit: 'Sign in',
    submitting: 'Signing in…',
  },
  errors: {
    emailRequired: 'Enter your email address.',
    emailInvalid: 'Enter a valid email address, like name@example.com.',
    passwordRequired: 'Enter your password.',
    /** Spec 8: sign-in returned an error. */
    invalidCredentials: 'Invalid credentials or your account may not have B2B access.',
    /** Spec 8: sign-in threw. */
    unexpected: 'An unexpected error occurred.',
    rateLimited: 'Too many sign-in attempts. Please wait a few minutes and try again.',
    /** Spec 5: the password policy, applied in request mode only. */
    passwordPolicy: 'Password does not meet requirements.',
  },
  signIn: {
    metaTitle: 'Sign in',
    metaDescription: 'Sign in to your account: client portal and staff areas.',
    heading: 'Sign in',
    intro: 'Use the email address and password of your account.',
    signedInAs: (email: string) => `You are signed in as ${email}.`,
    noAccess: 'This account has no access to the client portal or the staff areas yet.',
    signOut: 'Sign out',
    signingOut: 'Signing out…',
    home: 'Go to the home page',
  },
  clientLogin: {
    metaTitle: 'Client Portal sign in',
    metaDescription: 'Approved B2B clients sign in to the client portal; businesses can request B2B access.',
    heading: 'Client Portal',
    intro: 'Sign in to follow your orders, analytics and documents, and to reach your account manager.',
    requestHeading: 'Request B2B access',
    requestIntro: 'Tell us about your business and our team will contact you.',
    needAccess: 'Need B2B access?',
    requestIt: 'Request it here',
    haveAccess: 'Already have access?',
    signInLink: 'Sign in',
    forgotPassword: 'Forgot your password?',
    forgotPasswordMessage: 'Password reset functionality coming soon. Please contact support.',
  },
  dashboard: {
    metaTitle: 'Client dashboard',
    metaDescription: 'Your client portal: orders, analytics and documents.',
    heading: 'Client dashboard',
    welcome: (email: string) => `Welcome, ${email}`,
    cards: {
      orders: { title: 'Orders', body: 'Track shipments and review past orders.' },
      analytics: { title: 'Analytics', body: 'See how your products perform across channels.' },
      documents: { title: 'Documents', body: 'Certificates, specifications and invoices in one place.' },
    },
    comingSoon: 'Coming soon',
    servicesTitle: 'Your B2B Services',
    servicesBody:
      'Your account manager is setting up your services. Importing, compliance and logistics details will appear here.',
    contactManager: 'Contact Your Account Manager',
    signOut: 'Sign Out',
    signingOut: 'Signing out…',
    signOutFailed: 'We could not sign you out. Check your connection and try again.',
  },
};
