import type { Font } from 'fontkit';

/**
 * pdfkit also takes an opened fontkit font wherever it takes font bytes (its PDFFontFactory uses any
 * source with a `layout` method as the font), which @types/pdfkit does not say. fonts.ts opens each
 * face once per process and hands that font to every document, so no document parses it again.
 */
declare global {
  namespace PDFKit.Mixins {
    interface PDFFont {
      registerFont(name: string, src: Font): this;
    }
  }
}
