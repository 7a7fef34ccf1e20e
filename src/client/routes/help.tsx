import { HelpPage } from '@/features/site/legal/help-page';

/** /help: the help centre and its searchable questions; the screen is its feature's. */
export default function HelpRoute() {
  return <HelpPage />;
}
