/** The shop's name, as its pages, titles and tax invoices give it. */
export const STORE_NAME = 'Harbour Grocer';
