/** A text in each language it is given in (`en`, `nl`). */
export type LocalizedText = Readonly<Record<string, string>>;

/** A product as a merchant's self-service terminal shows it. */
export interface SelfServiceItem {
  productId: string;
  name: LocalizedText;
  description: LocalizedText;
  priceCents: number;
  /** an address anyone may load, or null */
  image: string | null;
}

/** A merchant's self-service menu: the tabs of its tablet register, as visitors see them (GET /api/public/menu/...). */
export interface SelfServiceMenu {
  merchant: { _id: string; name: string; banner: string | null };
  currencySymbol: string;
  tabs: { name: LocalizedText; items: SelfServiceItem[] }[];
}

/** The merchant admins' self-service page: the menu and the signed address that opens it (for its QR code). */
export interface SelfServicePage extends SelfServiceMenu {
  menuUrl: string;
}
