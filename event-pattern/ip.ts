/**
 * IP addresses and CIDR blocks as Event Ruler reads them: only strings shaped as an address, parsed as Java's
 * `InetAddress` does (rules: the contributors' Design notes).
 */

import { describeValue } from "../util/describeValue";
import type { Refusal } from "./errors";

/** An address: 4 bytes (IPv4) or 16 bytes (IPv6). */
export type IpBytes = readonly number[];

/** A CIDR block: the lowest and highest address it covers, both inclusive. */
export interface CidrRange {
    readonly bottom: IpBytes;
    readonly top: IpBytes;
}

const IPV4_SHAPE = /^[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+$/;
const IPV6_SHAPE = /^[0-9a-fA-F:]*:[0-9a-fA-F:]*$/;
const HEX_GROUP = /^[0-9a-fA-F]+$/;

/** True when `text` has the shape Event Ruler checks before trying to parse an address. */
export function looksLikeIp(text: string): boolean {
    return IPV4_SHAPE.test(text) || IPV6_SHAPE.test(text);
}

/** The bytes of an IPv4 or IPv6 address literal, or `undefined` when it is not a valid one. */
export function parseIp(text: string): IpBytes | undefined {
    if (IPV4_SHAPE.test(text)) {
        return parseIpv4(text);
    }
    if (IPV6_SHAPE.test(text)) {
        return parseIpv6(text);
    }
    return undefined;
}

function parseIpv4(text: string): IpBytes | undefined {
    if (text.length > 15) {
        return undefined;
    }
    const bytes = text.split(".").map((part) => Number.parseInt(part, 10));
    return bytes.every((b) => b <= 255) ? bytes : undefined;
}

function parseIpv6(text: string): IpBytes | undefined {
    const halves = text.split("::");
    if (halves.length > 2) {
        return undefined;
    }
    const groupsOf = (half: string): string[] | undefined => {
        if (half === "") {
            return [];
        }
        const groups = half.split(":");
        // Java reads a group as hex digits worth at most 0xffff, however many digits there are.
        return groups.every((g) => HEX_GROUP.test(g) && Number.parseInt(g, 16) <= 0xffff) ? groups : undefined;
    };
    const head = groupsOf(halves[0]);
    const tail = halves.length === 2 ? groupsOf(halves[1]) : [];
    if (head === undefined || tail === undefined) {
        return undefined;
    }
    const given = head.length + tail.length;
    // Without "::" all eight groups are written; with it, "::" stands for at least one group.
    if (halves.length === 1 ? given !== 8 : given > 7) {
        return undefined;
    }
    const groups = [...head, ...Array<string>(8 - given).fill("0"), ...tail];
    const bytes: number[] = [];
    for (const group of groups) {
        const value = Number.parseInt(group, 16);
        bytes.push(value >> 8, value & 0xff);
    }
    const ipv4Mapped = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
    return ipv4Mapped ? bytes.slice(12) : bytes;
}

/** Same family and same bytes. */
export function sameIp(a: IpBytes, b: IpBytes): boolean {
    return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** True when `ip` is of the block's family and lies inside it. */
export function ipInRange(ip: IpBytes, range: CidrRange): boolean {
    return ip.length === range.bottom.length && compareIp(ip, range.bottom) >= 0 && compareIp(ip, range.top) <= 0;
}

function compareIp(a: IpBytes, b: IpBytes): number {
    for (let i = 0; i < a.length; i++) {
        if (a[i] !== b[i]) {
            return a[i] - b[i];
        }
    }
    return 0;
}

const INTEGER = /^[+-]?[0-9]+$/;
const JAVA_INT_MAX = 2 ** 31 - 1;

/**
 * Parses a CIDR block as Event Ruler does, or returns why it is refused (the text is the value).
 *
 * Notable rules: the prefix length is checked before the address; an IPv4 prefix length must be at
 * most 31 and an IPv6 one at most 127 (Event Ruler refuses `/32` and `/128`); host bits may be set
 * (`10.0.0.1/24` covers 10.0.0.0 to 10.0.0.255); and, as Java's `split("/")` drops trailing empty
 * parts, `10.0.0.0/8/` reads as `10.0.0.0/8`.
 */
export function parseCidr(text: string): CidrRange | Refusal {
    const parts = text.split("/");
    while (parts.length > 0 && parts[parts.length - 1] === "") {
        parts.pop();
    }
    if (parts.length !== 2) {
        return malformed('exactly one "/" is required');
    }
    const [address, lengthText] = parts;
    const prefixLength = INTEGER.test(lengthText) ? Number.parseInt(lengthText, 10) : Number.NaN;
    if (!Number.isSafeInteger(prefixLength) || Math.abs(prefixLength) > JAVA_INT_MAX) {
        return malformed("the prefix length must be an integer");
    }
    if (prefixLength < 0) {
        return malformed("the prefix length must not be negative");
    }
    const ip = parseIp(address);
    if (ip === undefined) {
        return malformed(`${describeValue(address)} is not an IPv4 or IPv6 address`);
    }
    const maxLength = ip.length === 4 ? 31 : 127;
    if (prefixLength > maxLength) {
        const family = ip.length === 4 ? "IPv4" : "IPv6";
        return {
            code: "CIDR_PREFIX_TOO_LONG",
            rule: `an ${family} prefix length must be at most ${maxLength}`,
            detail: "to match one address, give the address itself as an exact value",
        };
    }
    return cidrRange(ip, prefixLength);
}

function malformed(detail: string): Refusal {
    return { code: "BAD_CIDR", rule: "malformed CIDR block", detail };
}

function cidrRange(ip: IpBytes, prefixLength: number): CidrRange {
    const bottom: number[] = [];
    const top: number[] = [];
    ip.forEach((byte, i) => {
        const fixedBits = Math.max(0, Math.min(8, prefixLength - i * 8));
        const hostMask = 0xff >> fixedBits;
        bottom.push(byte & ~hostMask & 0xff);
        top.push(byte | hostMask);
    });
    return { bottom, top };
}
