/**
 * The shopper and device schemas of the widget↔companion contract (contract.ts re-exports them).
 * A module of their own, so the browser bundle carries only what the widget validates.
 */
import * as z from 'zod/mini';
import type * as shapes from './protocol.ts';

export const text = (max: number, message: string) =>
  z.string().check(z.minLength(1, message), z.maxLength(max, message));
export const optionalText = (max: number) =>
  z.optional(z.string().check(z.maxLength(max, `at most ${max} characters`)));
const country = z.string().check(z.regex(/^[A-Z]{2}$/, 'a two-letter country code'));

export const Address = z.object({
  country,
  state: optionalText(64),
  city: text(64, 'the city'),
  address: text(128, 'the street address'),
  postal_code: z.optional(z.string().check(z.regex(/^[A-Za-z0-9 -]{2,12}$/, 'a postal code'))),
});

export const Shopper = z.object({
  email: z.optional(z.email('an email address like name@example.com')),
  first_name: z.optional(text(64, 'the first name')),
  last_name: z.optional(text(64, 'the last name')),
  phone: z.optional(z.string().check(z.regex(/^\+?[0-9 ().-]{6,20}$/, 'a phone number'))),
  billing: z.optional(Address),
  delivery: z.optional(
    z.extend(Address, { first_name: optionalText(64), last_name: optionalText(64) }),
  ),
});

export const DeviceData = z.object({
  os: optionalText(64),
  browser: optionalText(512),
  browser_lang: optionalText(35),
  time_zone: optionalText(64),
  resolution: z.optional(z.string().check(z.regex(/^\d{1,5}x\d{1,5}$/, 'WIDTHxHEIGHT'))),
  color_depth: z.optional(z.string().check(z.regex(/^\d{1,2}$/, 'a number of bits'))),
  user_agent: optionalText(512),
  checkout_time: z.optional(z.int()),
  session_id: optionalText(64),
  cookie_new: optionalText(512),
  cookie_old: optionalText(512),
  platform_source: optionalText(32),
  device_type: optionalText(32),
  device_fingerprint: optionalText(128),
});

export type Address = shapes.Address;
export type Shopper = shapes.Shopper;
export type DeviceData = shapes.DeviceData;

/** The schemas check exactly the contract's interfaces: a drift on either side fails to compile. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Agrees<T extends true> = T;
export type SchemasAgree = [
  Agrees<Same<z.infer<typeof Address>, shapes.Address>>,
  Agrees<Same<z.infer<typeof Shopper>, shapes.Shopper>>,
  Agrees<Same<z.infer<typeof DeviceData>, shapes.DeviceData>>,
];
