/**
 * The id of null-label 0.25.0: labels joined in `label_order`, truncated with an md5 hash
 * when longer than `id_length_limit`.
 */
import * as crypto from "node:crypto";
import type { LabelValueCase } from "./types";
import type { Remover } from "./regex";
import { caseHash } from "./casing";
import { length, nfc, substr } from "./strings";

type OneShotHash = (algorithm: string, data: string, encoding: "hex") => string;
const oneShot = (crypto as unknown as { hash?: OneShotHash }).hash;

/** Terraform `md5()`: the hex md5 of the UTF-8 bytes (one-shot `crypto.hash` where Node has it). */
export function md5Hex(s: string): string {
    return oneShot ? oneShot("md5", s, "hex") : crypto.createHash("md5").update(s, "utf8").digest("hex");
}

/** Length of the hash part of a truncated id (`id_hash_length`). */
export const ID_HASH_LENGTH = 5;

/** The six labels by name, as used for the id (`local.id_context`). */
export interface IdContext {
    readonly namespace: string;
    readonly tenant: string;
    readonly environment: string;
    readonly stage: string;
    readonly name: string;
    /** The attributes joined by the delimiter. */
    readonly attributes: string;
}

/** The label names allowed in `labelOrder` and descriptors. */
export const LABEL_NAMES = ["namespace", "tenant", "environment", "stage", "name", "attributes"] as const;

/** True when `name` is one of the six labels. */
export function isLabelName(name: string): name is keyof IdContext {
    return (LABEL_NAMES as readonly string[]).includes(name);
}

/**
 * `id_full`: the non-empty labels in `labelOrder`, joined by the delimiter (`join()`, whose
 * result cty NFC-normalises: a delimiter may compose with the end of a label).
 */
export function buildIdFull(idContext: IdContext, labelOrder: readonly string[], delimiter: string): string {
    let out = "";
    let first = true;
    for (const l of labelOrder) {
        const v = idContext[l as keyof IdContext];
        if (v.length > 0) {
            out = first ? v : out + delimiter + v;
            first = false;
        }
    }
    return nfc(out);
}

/**
 * `id`: `idFull`, or when the limit is not 0 and `idFull` is longer, a prefix of it (one
 * trailing delimiter trimmed, one added) followed by the cased, regex-filtered md5 hash.
 */
export function buildId(
    idFull: string,
    idLengthLimit: number,
    delimiter: string,
    valueCase: LabelValueCase,
    remove: Remover,
): string {
    if (idLengthLimit === 0 || length(idFull) <= idLengthLimit) return idFull;
    const truncatedLength = idLengthLimit - (ID_HASH_LENGTH + length(delimiter));
    let truncated = "";
    // Every intermediate string is NFC-normalised, as cty does for each function and template result.
    if (truncatedLength > 0) {
        truncated = nfc(substr(idFull, 0, truncatedLength));
        if (delimiter !== "" && truncated.endsWith(delimiter)) truncated = nfc(truncated.slice(0, -delimiter.length));
        truncated = nfc(truncated + delimiter);
    }
    const hashPlus = md5Hex(idFull) + "qrstuvwxyz";
    const hash = remove(caseHash(hashPlus, valueCase));
    return nfc(substr(nfc(truncated + hash), 0, idLengthLimit));
}
