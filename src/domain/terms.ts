/** Words the organisation can rename (docs/product.md §1); screens read them through the site config. */
export interface Terms {
  missionary: string;
  missionaries: string;
  ministry: string;
  missionDetails: string;
  ministering: string;
}

export const DEFAULT_TERMS: Terms = {
  missionary: 'Missionary',
  missionaries: 'Missionaries',
  ministry: 'Ministry',
  missionDetails: 'Mission Details',
  ministering: 'Ministering',
};

/** The shepherd-themed default name of the product. */
export const DEFAULT_SITE_TITLE = 'Sheepfold';

export interface SiteConfig {
  title: string;
  terms: Terms;
  favicon: string;
}
