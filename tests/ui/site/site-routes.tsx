import { Route, Routes } from 'react-router';
import { PAGES } from '@/app/pages';
import { siteRoutes } from '@/app/routes';
import { HomePage } from '@/features/site/components/home-page';

/** The site's own pages (the route table's, with a stand-in for the lazy contact form) and the 404 page, without the rest of the app. */
const pages = {
  home: { element: <HomePage contactForm={<p>Contact form slot</p>} /> },
  privacy: PAGES.privacy,
  terms: PAGES.terms,
};

/** The public layout and the site's own pages, in both languages, without the rest of the app. */
export function SiteRoutes() {
  return (
    <Routes>
      <Route path="fr">{siteRoutes('fr', pages)}</Route>
      {siteRoutes('en', pages)}
    </Routes>
  );
}
