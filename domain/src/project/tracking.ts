import type { Carrier } from './events.js';

/** SPEC §9: tracking links are built for usps, ups and fedex, from the carriers' public tracking pages. */
const trackingPages: Record<Carrier, string> = {
  usps: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=',
  ups: 'https://www.ups.com/track?tracknum=',
  fedex: 'https://www.fedex.com/fedextrack/?trknbr=',
};

export function trackingLink(carrier: Carrier, trackingNumber: string): string {
  return `${trackingPages[carrier]}${encodeURIComponent(trackingNumber.trim())}`;
}
