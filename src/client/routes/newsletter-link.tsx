import { NewsletterLinkPage } from '@/features/site/newsletter/newsletter-link-page';

/** A newsletter email's confirm or unsubscribe link; the screen is its feature's. */
export default function NewsletterLinkRoute() {
  return <NewsletterLinkPage />;
}
