import { sql } from 'drizzle-orm';
import type { Executor } from '../client.js';
import { coupons, products } from '../schema/index.js';
import type { Allergen } from '@storefront/contract/catalogue-admin';
import { DEMO_LOGIN } from './demo.js';
import { startOfStoreDay } from './store-days.js';

type DemoProduct = {
  sku: string;
  name: string;
  category: string;
  /** Cents. */
  price: number;
  weightGrams: number;
  stock: number;
  description: string;
  isActive?: boolean;
  /** What the pack holds, for the unit price. */
  pack: { size: number; unit: 'g' | 'ml' | 'each' };
  /** Cents before the special: the demo's specials run from a week ago for four weeks from when it is seeded. */
  wasPrice?: number;
  brand?: string;
  ingredients?: string;
  contains?: Allergen[];
  mayContain?: Allergen[];
  /** The country-of-origin statement, as Australian labelling words it. */
  origin?: string;
  /**
   * Sold with GST: cakes, biscuits, confectionery, snack foods, ice cream and carbonated drinks, as the ATO's
   * detailed food list has them. The rest of the demo catalogue is basic food, GST-free.
   */
  taxable?: true;
};

/** Image file name under apps/web/public/products/ (made by scripts/make-product-images.mjs). */
export function productSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export const demoProducts: DemoProduct[] = [
  {
    sku: 'FV-001',
    name: 'Cavendish Bananas 1kg',
    category: 'fruit-veg',
    price: 399,
    weightGrams: 1000,
    pack: { size: 1000, unit: 'g' },
    stock: 120,
    description: 'Queensland-grown Cavendish bananas, sold by the kilo.',
  },
  {
    sku: 'FV-002',
    name: 'Pink Lady Apples 1kg',
    category: 'fruit-veg',
    price: 549,
    weightGrams: 1000,
    pack: { size: 1000, unit: 'g' },
    wasPrice: 649,
    stock: 80,
    description: 'Crisp, sweet-tart apples from the Adelaide Hills.',
  },
  {
    sku: 'FV-003',
    name: 'Hass Avocado',
    category: 'fruit-veg',
    price: 199,
    weightGrams: 220,
    pack: { size: 1, unit: 'each' },
    stock: 60,
    description: 'Ready to eat in two to three days.',
  },
  {
    sku: 'FV-004',
    name: 'Truss Tomatoes 500g',
    category: 'fruit-veg',
    price: 450,
    weightGrams: 500,
    pack: { size: 500, unit: 'g' },
    stock: 45,
    description: 'Vine-ripened tomatoes on the truss.',
  },
  {
    sku: 'FV-005',
    name: 'Baby Spinach 120g',
    category: 'fruit-veg',
    price: 300,
    weightGrams: 120,
    pack: { size: 120, unit: 'g' },
    stock: 35,
    description: 'Washed and ready to eat.',
  },
  {
    sku: 'FV-006',
    name: 'Royal Blue Potatoes 2kg',
    category: 'fruit-veg',
    price: 595,
    weightGrams: 2000,
    pack: { size: 2000, unit: 'g' },
    stock: 40,
    description: 'Purple-skinned all-rounders from Tasmania, great for mash.',
  },
  {
    sku: 'FV-007',
    name: 'Kensington Pride Mangoes',
    category: 'fruit-veg',
    price: 350,
    weightGrams: 450,
    pack: { size: 1, unit: 'each' },
    stock: 0,
    description: 'Bowen mangoes. Back in season soon.',
  },
  {
    sku: 'DY-001',
    name: 'Full Cream Milk 2L',
    category: 'dairy',
    price: 350,
    weightGrams: 2100,
    pack: { size: 2000, unit: 'ml' },
    stock: 90,
    description: 'Fresh Australian full cream milk.',
  },
  {
    sku: 'DY-002',
    name: 'Greek Yoghurt 1kg',
    category: 'dairy',
    price: 699,
    weightGrams: 1050,
    pack: { size: 1000, unit: 'g' },
    stock: 30,
    description: 'Thick, natural Greek-style yoghurt.',
  },
  {
    sku: 'DY-003',
    name: 'Vintage Cheddar 250g',
    category: 'dairy',
    price: 825,
    weightGrams: 250,
    pack: { size: 250, unit: 'g' },
    wasPrice: 1050,
    stock: 25,
    description: 'Aged for twelve months for a sharp, crumbly bite.',
  },
  {
    sku: 'DY-004',
    name: 'Free Range Eggs 12 pack',
    category: 'dairy',
    price: 750,
    weightGrams: 700,
    pack: { size: 12, unit: 'each' },
    stock: 50,
    description: 'Twelve large free range eggs.',
  },
  {
    sku: 'DY-005',
    name: 'Salted Butter 250g',
    category: 'dairy',
    price: 550,
    weightGrams: 250,
    pack: { size: 250, unit: 'g' },
    stock: 40,
    description: 'Churned from fresh cream.',
  },
  {
    sku: 'BK-001',
    name: 'Sourdough Loaf',
    category: 'bakery',
    price: 650,
    weightGrams: 800,
    pack: { size: 800, unit: 'g' },
    stock: 20,
    description: 'Slow-fermented, baked this morning.',
  },
  {
    sku: 'BK-002',
    name: 'Wholemeal Sandwich Bread',
    category: 'bakery',
    price: 420,
    weightGrams: 700,
    pack: { size: 700, unit: 'g' },
    stock: 30,
    description: 'Soft wholemeal, sliced for sandwiches.',
  },
  {
    sku: 'BK-003',
    name: 'Butter Croissants 4 pack',
    category: 'bakery',
    price: 600,
    weightGrams: 280,
    pack: { size: 4, unit: 'each' },
    stock: 18,
    description: 'Flaky, all-butter croissants.',
  },
  {
    sku: 'BK-004',
    taxable: true,
    name: 'Lamingtons 6 pack',
    category: 'bakery',
    price: 550,
    weightGrams: 360,
    pack: { size: 6, unit: 'each' },
    wasPrice: 650,
    stock: 15,
    description: 'Sponge squares in chocolate and coconut.',
  },
  {
    sku: 'BK-005',
    name: 'Hot Cross Buns 6 pack',
    category: 'bakery',
    price: 500,
    weightGrams: 420,
    pack: { size: 6, unit: 'each' },
    stock: 0,
    description: 'Fruit and spice buns. Seasonal.',
    isActive: false,
  },
  {
    sku: 'PT-001',
    name: 'Jasmine Rice 5kg',
    category: 'pantry',
    price: 1350,
    weightGrams: 5000,
    pack: { size: 5000, unit: 'g' },
    stock: 25,
    description: 'Fragrant long-grain rice.',
  },
  {
    sku: 'PT-002',
    name: 'Extra Virgin Olive Oil 750ml',
    category: 'pantry',
    price: 1200,
    weightGrams: 900,
    pack: { size: 750, unit: 'ml' },
    wasPrice: 1500,
    stock: 30,
    description: 'Cold-pressed Australian olive oil.',
  },
  {
    sku: 'PT-003',
    name: 'Spaghetti 500g',
    category: 'pantry',
    price: 250,
    weightGrams: 500,
    pack: { size: 500, unit: 'g' },
    stock: 70,
    description: 'Bronze-cut durum wheat pasta.',
  },
  {
    sku: 'PT-004',
    name: 'Crushed Tomatoes 400g',
    category: 'pantry',
    price: 180,
    weightGrams: 420,
    pack: { size: 400, unit: 'g' },
    stock: 100,
    description: 'Italian tomatoes, crushed.',
  },
  {
    sku: 'PT-005',
    name: 'Vegemite 380g',
    category: 'pantry',
    price: 799,
    weightGrams: 400,
    pack: { size: 380, unit: 'g' },
    stock: 40,
    description: 'The yeast extract spread.',
  },
  {
    sku: 'PT-006',
    name: 'Light Soy Sauce 500ml',
    category: 'pantry',
    price: 390,
    weightGrams: 600,
    pack: { size: 500, unit: 'ml' },
    stock: 35,
    description: 'Naturally brewed light soy.',
  },
  {
    sku: 'PT-007',
    name: 'Rolled Oats 1kg',
    category: 'pantry',
    price: 350,
    weightGrams: 1000,
    pack: { size: 1000, unit: 'g' },
    stock: 45,
    description: 'Wholegrain Australian oats.',
  },
  {
    sku: 'DR-001',
    taxable: true,
    name: 'Sparkling Mineral Water 1.25L',
    category: 'drinks',
    price: 220,
    weightGrams: 1300,
    pack: { size: 1250, unit: 'ml' },
    stock: 60,
    description: 'Naturally carbonated.',
  },
  {
    sku: 'DR-002',
    name: 'Orange Juice 2L',
    category: 'drinks',
    price: 600,
    weightGrams: 2100,
    pack: { size: 2000, unit: 'ml' },
    stock: 30,
    description: 'Not from concentrate, no added sugar.',
  },
  {
    sku: 'DR-003',
    name: 'Ground Coffee 250g',
    category: 'drinks',
    price: 1100,
    weightGrams: 250,
    pack: { size: 250, unit: 'g' },
    wasPrice: 1400,
    stock: 25,
    description: 'Medium roast, for plunger or espresso.',
  },
  {
    sku: 'DR-004',
    name: 'English Breakfast Tea 100 bags',
    category: 'drinks',
    price: 650,
    weightGrams: 250,
    pack: { size: 100, unit: 'each' },
    stock: 40,
    description: 'A strong, brisk black tea.',
  },
  {
    sku: 'DR-005',
    name: 'Oolong Tea Leaves 100g',
    category: 'drinks',
    price: 1450,
    weightGrams: 120,
    pack: { size: 100, unit: 'g' },
    stock: 12,
    description: 'Lightly roasted Taiwanese oolong; a classic with mooncakes.',
  },
  {
    sku: 'FZ-001',
    name: 'Frozen Peas 1kg',
    category: 'frozen',
    price: 400,
    weightGrams: 1000,
    pack: { size: 1000, unit: 'g' },
    stock: 50,
    description: 'Snap-frozen garden peas.',
  },
  {
    sku: 'FZ-002',
    name: 'Pork and Chive Dumplings 1kg',
    category: 'frozen',
    price: 1299,
    weightGrams: 1000,
    pack: { size: 1000, unit: 'g' },
    wasPrice: 1599,
    stock: 20,
    description: 'Fifty dumplings; steam, boil or pan-fry.',
  },
  {
    sku: 'FZ-003',
    taxable: true,
    name: 'Vanilla Ice Cream 2L',
    category: 'frozen',
    price: 899,
    weightGrams: 1100,
    pack: { size: 2000, unit: 'ml' },
    stock: 15,
    description: 'Creamy vanilla bean ice cream.',
  },
  {
    sku: 'FZ-004',
    name: 'Barramundi Fillets 400g',
    category: 'frozen',
    price: 1500,
    weightGrams: 400,
    pack: { size: 400, unit: 'g' },
    stock: 10,
    description: 'Skin-on Australian barramundi.',
  },
  {
    sku: 'SN-001',
    taxable: true,
    name: 'Sea Salt Potato Chips 175g',
    category: 'snacks',
    price: 450,
    weightGrams: 175,
    pack: { size: 175, unit: 'g' },
    stock: 55,
    description: 'Thick-cut, kettle-cooked.',
  },
  {
    sku: 'SN-002',
    taxable: true,
    name: 'Tim Tam Original 200g',
    category: 'snacks',
    price: 500,
    weightGrams: 200,
    pack: { size: 200, unit: 'g' },
    wasPrice: 650,
    stock: 60,
    description: 'Chocolate-coated biscuits.',
  },
  {
    sku: 'SN-003',
    taxable: true,
    name: 'Roasted Macadamias 200g',
    category: 'snacks',
    price: 1100,
    weightGrams: 200,
    pack: { size: 200, unit: 'g' },
    stock: 20,
    description: 'Lightly salted Australian macadamias.',
  },
  {
    sku: 'SN-004',
    taxable: true,
    name: 'Rice Crackers 100g',
    category: 'snacks',
    price: 250,
    weightGrams: 100,
    pack: { size: 100, unit: 'g' },
    stock: 40,
    description: 'Original flavour, gluten free.',
  },
  {
    sku: 'SN-005',
    taxable: true,
    name: 'Licorice Allsorts 300g',
    category: 'snacks',
    price: 399,
    weightGrams: 300,
    pack: { size: 300, unit: 'g' },
    stock: 0,
    description: 'Discontinued by the maker.',
    isActive: false,
  },
  {
    sku: 'MC-001',
    taxable: true,
    name: 'Lotus Seed Mooncake with Double Yolk',
    category: 'mooncakes',
    price: 1280,
    weightGrams: 185,
    pack: { size: 185, unit: 'g' },
    stock: 40,
    description: 'Smooth white lotus paste around two salted duck egg yolks.',
  },
  {
    sku: 'MC-002',
    taxable: true,
    name: 'Red Bean Mooncake',
    category: 'mooncakes',
    price: 980,
    weightGrams: 160,
    pack: { size: 160, unit: 'g' },
    stock: 35,
    description: 'Sweet adzuki bean paste in a golden crust.',
  },
  {
    sku: 'MC-003',
    taxable: true,
    name: 'Snow Skin Mooncake Assortment 4 pack',
    category: 'mooncakes',
    price: 2450,
    weightGrams: 400,
    pack: { size: 4, unit: 'each' },
    stock: 12,
    description: 'Chilled glutinous rice skins: mango, durian, custard and pandan.',
  },
  {
    sku: 'MC-004',
    taxable: true,
    name: 'Five Kernel Mooncake',
    category: 'mooncakes',
    price: 1150,
    weightGrams: 180,
    pack: { size: 180, unit: 'g' },
    stock: 20,
    description: 'Walnuts, almonds, sesame, melon and olive seeds.',
  },
  {
    sku: 'MC-005',
    taxable: true,
    name: 'Mooncake Gift Box 4 pack',
    category: 'mooncakes',
    price: 4880,
    weightGrams: 900,
    pack: { size: 4, unit: 'each' },
    wasPrice: 5880,
    stock: 8,
    description: 'Four lotus seed mooncakes in a keepsake tin.',
  },
];

const SPECIAL_DAYS_BEFORE = 7;
const SPECIAL_DAYS_AFTER = 28;

/** Demo catalogue; keyed on SKU, so running it again adds nothing and leaves edited rows alone. */
export async function seedProducts(db: Executor, now: Date = new Date()): Promise<void> {
  const specialStartsAt = startOfStoreDay(now, -SPECIAL_DAYS_BEFORE);
  const specialEndsAt = startOfStoreDay(now, SPECIAL_DAYS_AFTER);
  await db
    .insert(products)
    .values(
      demoProducts.map((p) => ({
        sku: p.sku,
        name: p.name,
        description: p.description,
        imageUrl: `/products/${productSlug(p.name)}.svg`,
        priceCents: p.wasPrice ?? p.price,
        ...(p.wasPrice ? { specialPriceCents: p.price, specialStartsAt, specialEndsAt } : {}),
        stock: p.stock,
        weightGrams: p.weightGrams,
        category: p.category,
        isActive: p.isActive ?? true,
        packSize: p.pack.size,
        packUnit: p.pack.unit,
        gstFree: !p.taxable,
        brand: p.brand ?? null,
        ingredients: p.ingredients ?? null,
        allergensContains: p.contains ?? [],
        allergensMayContain: p.mayContain ?? [],
        originStatement: p.origin ?? null,
      })),
    )
    // A demo database made before food information gets it once; rows edited since stay as they are.
    .onConflictDoUpdate({
      target: products.sku,
      set: {
        brand: sql`excluded.brand`,
        ingredients: sql`excluded.ingredients`,
        allergensContains: sql`excluded.allergens_contains`,
        allergensMayContain: sql`excluded.allergens_may_contain`,
        originStatement: sql`excluded.origin_statement`,
      },
      setWhere: sql`${products.originStatement} is null and ${products.version} = 1`,
    });
}

const DEMO_WALLET = ['WELCOME10', 'SAVE5', 'FREESHIP', 'EXPIRED20'];
/** Wallet offers that work only for the demo customer; the other demo codes are public (WELCOME10 is the newsletter's). */
const PERSONAL_DEMO_COUPONS = ['FREESHIP'];

/** Demo coupons (keyed on code) and the demo customer's wallet. */
export async function seedDemoCoupons(db: Executor, now = new Date()): Promise<void> {
  // Whole Sydney days: from yesterday through the same day next year (a coupon works until just before its end).
  const from = startOfStoreDay(now, -1);
  const until = startOfStoreDay(now, 366);
  await db
    .insert(coupons)
    .values([
      {
        code: 'WELCOME10',
        description: 'Welcome to Harbour Grocer',
        kind: 'percent',
        value: 10,
        minSpendCents: 3000,
        startsAt: from,
        endsAt: until,
      },
      {
        code: 'SAVE5',
        description: 'Stock up and save',
        kind: 'fixed',
        value: 500,
        minSpendCents: 4000,
        startsAt: from,
        endsAt: until,
        perCustomerLimit: 3,
      },
      {
        code: 'FREESHIP',
        description: 'Delivery is on us',
        kind: 'free_shipping',
        value: 0,
        startsAt: from,
        endsAt: until,
        usageLimit: 1000,
        isPersonal: true,
      },
      {
        code: 'EXPIRED20',
        description: 'Spring sale (ended)',
        kind: 'percent',
        value: 20,
        startsAt: startOfStoreDay(now, -60),
        endsAt: startOfStoreDay(now, -30),
      },
    ])
    .onConflictDoNothing();
  // A demo database made before coupons could be personal keeps its rows: mark the wallet offers there too.
  await db
    .update(coupons)
    .set({ isPersonal: true })
    .where(sql`upper(${coupons.code}) in ${PERSONAL_DEMO_COUPONS} and not ${coupons.isPersonal}`);
  await db.execute(sql`
    insert into customer_coupons (customer_id, coupon_id)
    select c.id, k.id from customers c cross join coupons k
    where lower(c.email) = ${DEMO_LOGIN.email} and upper(k.code) in ${DEMO_WALLET}
    on conflict do nothing`);
}
