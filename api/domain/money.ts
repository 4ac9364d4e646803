/** Integer cents (storage) → euros with two decimals (API JSON). */
export const euros = (cents: number) => Math.round(cents) / 100;
