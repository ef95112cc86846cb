export const common = {
  skipToContent: 'Skip to main content',
  loading: 'Loading…',
  loadingPage: 'Loading page',
  languageName: 'English',
  otherLanguageName: 'Français',
  newTab: '(opens in a new tab)',
  breadcrumb: 'Breadcrumb',
  notFound: {
    title: 'Page not found',
    heading: 'Oops! Page not found',
    body: 'The page you are looking for does not exist or has moved.',
    home: 'Return to home',
    metaDescription: 'This page could not be found.',
  },
};
