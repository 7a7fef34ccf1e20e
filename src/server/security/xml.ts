import { DOMParser, type Document } from '@xmldom/xmldom';

/**
 * Parses XML that must be well formed: any error (a mismatched tag, an unknown entity) throws, a
 * warning passes. External entities and DTDs are never fetched by this parser.
 */
export function parseXml(xml: string): Document {
  return new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(message);
    },
  }).parseFromString(xml, 'text/xml');
}
