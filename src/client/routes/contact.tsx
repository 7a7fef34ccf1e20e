import { ContactPage } from '@/features/site/contact/contact-page';

/** /contact: the contact form; the screen is its feature's. */
export default function ContactRoute() {
  return <ContactPage />;
}
