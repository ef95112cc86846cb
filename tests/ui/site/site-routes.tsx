import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { HomePage } from '@/features/site/components/home-page';
import { NotFoundPage } from '@/features/site/components/not-found-page';
import { PrivacyPage, TermsPage } from '@/features/site/components/policy-page';
import { PublicLayout } from '@/features/site/components/public-layout';

function pages(): ReactNode {
  return (
    <>
      <Route index element={<HomePage contactForm={<p>Contact form slot</p>} />} />
      <Route path="privacy" element={<PrivacyPage />} />
      <Route path="terms" element={<TermsPage />} />
      <Route path="elsewhere" element={<h1>Another page</h1>} />
      <Route path="*" element={<NotFoundPage />} />
    </>
  );
}

/** The public layout and the site's own pages, in both languages, without the rest of the app. */
export function SiteRoutes() {
  return (
    <Routes>
      <Route path="fr" element={<PublicLayout />}>
        {pages()}
      </Route>
      <Route element={<PublicLayout />}>{pages()}</Route>
    </Routes>
  );
}
