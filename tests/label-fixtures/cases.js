// Case inputs for terraform runs. `ctx: [ref, "context"|"normalized_context"]` chains labels.
const R = (ref, out = "context") => ({ $ref: ref, output: out });
const full = {
  namespace: "CloudPosse", environment: "UAT", stage: "build", name: "Winston Churchroom",
  delimiter: "+", attributes: ["fire", "water"], tags: { City: "Dublin", Environment: "Private" },
  additionalTagMap: { propagate: "true" }, labelOrder: ["name", "environment", "stage", "attributes"],
  regexReplaceChars: "/[^a-tv-zA-Z0-9+]/", idLengthLimit: 28,
};
const defaultCtx = {
  enabled: true, namespace: null, tenant: null, environment: null, stage: null, name: null, delimiter: null,
  attributes: [], tags: {}, additionalTagMap: {}, regexReplaceChars: null, labelOrder: [], idLengthLimit: null,
  labelKeyCase: null, labelValueCase: null, descriptorFormats: {}, labelsAsTags: ["unset"],
};
const g = (group, list) => list.map(([id, it, input, extra]) => ({ id, group, it, input, ...(extra || {}) }));
module.exports = [
  // ---------------- upstream examples/complete at 0.25.0 ----------------
  ...g("examples/complete", [
    ["label1", "label1: five labels with tenant, custom order and tags", { namespace: "CloudPosse", tenant: "H.R.H", environment: "UAT", stage: "build", name: "Winston Churchroom", attributes: ["fire", "water", "earth", "air"], labelOrder: ["name", "tenant", "environment", "stage", "attributes"], tags: { City: "Dublin", Environment: "Private" } }],
    ["label1t1", "label1t1: truncated to 32 adds an extra hash character when the trailing delimiter is removed", { idLengthLimit: 32, context: R("label1") }],
    ["label1t2", "label1t2: truncated to 33", { idLengthLimit: 33, context: R("label1") }],
    ["label2", "label2: chained context with overrides, empty tenant, labels_as_tags [stage]", { context: R("label1"), name: "Charlie", tenant: "", stage: "test", delimiter: "+", regexReplaceChars: "/[^a-zA-Z0-9-+]/", additionalTagMap: { propagate_at_launch: "true", additional_tag: "yes" }, tags: { City: "London", Environment: "Public" }, labelsAsTags: ["stage"] }],
    ["label3c", "label3c: chained from context", { name: "Starfish", stage: "release", context: R("label1"), delimiter: ".", regexReplaceChars: "/[^-a-zA-Z0-9.]/", tags: { Eat: "Carrot", Animal: "Rabbit" } }],
    ["label3n", "label3n: chained from normalized_context", { name: "Starfish", stage: "release", context: R("label1", "normalized_context"), delimiter: ".", regexReplaceChars: "/[^-a-zA-Z0-9.]/", tags: { Eat: "Carrot", Animal: "Rabbit" } }],
    ["label4", "label4: label_order without name and with missing stage", { namespace: "CloudPosse", environment: "UAT", name: "Example Cluster", attributes: ["big", "fat", "honking", "cluster"], delimiter: "-", labelOrder: ["namespace", "stage", "environment", "attributes"], tags: { City: "Dublin", Environment: "Private" } }],
    ["label5", "label5: disabled", { enabled: false, namespace: "eg", environment: "demo", name: "blue", attributes: ["cluster"], delimiter: "-", labelOrder: ["namespace", "stage", "environment", "attributes"], tags: {} }],
    ["this", "module.this from complete.auto.tfvars", { namespace: "cp", environment: "uw2", stage: "prd", name: "null-label", delimiter: "", idLengthLimit: 6, labelKeyCase: "lower", labelValueCase: "upper" }],
    ["label6f", "label6f: delimiter ~ and unlimited length over module.this", { delimiter: "~", idLengthLimit: 0, context: R("this") }],
    ["label6t", "label6t: truncated to 6 by module.this", { context: R("this") }],
    ["label7a", "label7a", { enabled: true, namespace: "eg", environment: "demo", name: "blue", attributes: ["cluster"], delimiter: "-", tags: {} }],
    ["label7", "label7: var.attributes appended after context.attributes", { attributes: ["nodegroup"], context: R("label7a") }],
    ["label8d", "label8d: labels_as_tags without namespace", { enabled: true, namespace: "eg", environment: "demo", tenant: "blue", attributes: ["cluster"], delimiter: "-", tags: { "kubernetes.io/cluster/": "shared" }, labelOrder: ["namespace", "environment", "tenant", "attributes"], labelsAsTags: ["environment", "name", "attributes", "stage"] }],
    ["label8d_chained", "label8d_chained: a chained labels_as_tags is ignored", { labelsAsTags: ["namespace"], context: R("label8d") }],
    ["label8d_context", "label8d_context", { context: R("label8d") }],
    ["label8dcd", "label8dcd: delimiter x", { enabled: true, namespace: "eg", environment: "demo", name: "blue", attributes: ["cluster"], delimiter: "x" }],
    ["label8dcd_context", "label8dcd_context", { context: R("label8dcd") }],
    ["label8dnd", "label8dnd: empty delimiter", { enabled: true, namespace: "eg", environment: "demo", name: "blue", attributes: ["cluster"], delimiter: "" }],
    ["label8dnd_context", "label8dnd_context", { context: R("label8dnd") }],
    ["label8l", "label8l: lower keys and values", { enabled: true, namespace: "eg", environment: "demo", name: "blue", attributes: ["cluster"], delimiter: "-", labelKeyCase: "lower", labelValueCase: "lower", tags: { "kubernetes.io/cluster/": "shared", upperTEST: "testUPPER" } }],
    ["label8l_context", "label8l_context", { context: R("label8l") }],
    ["label8n", "label8n: value case none", { enabled: true, namespace: "EG", environment: "demo", name: "blue", attributes: ["eks", "ClusteR"], delimiter: "-", labelValueCase: "none", tags: { "kubernetes.io/cluster/": "shared" } }],
    ["label8n_context", "label8n_context", { context: R("label8n") }],
    ["label8t", "label8t: title keys and values", { enabled: true, namespace: "eg", environment: "demo", name: "blue", attributes: ["EKS", "cluster"], delimiter: "-", labelKeyCase: "title", labelValueCase: "title", tags: { "kubernetes.io/cluster/": "shared" } }],
    ["label8t_context", "label8t_context", { context: R("label8t") }],
    ["label8u", "label8u: upper keys and values", { enabled: true, namespace: "eg", environment: "demo", name: "blue", attributes: ["cluster"], delimiter: "-", labelKeyCase: "upper", labelValueCase: "upper", tags: { "kubernetes.io/cluster/": "shared" } }],
    ["label8u_context", "label8u_context", { context: R("label8u") }],
    ["descriptors", "descriptors: stack and account_name", { enabled: true, tenant: "H.R.H", ...full, idLengthLimit: 6, additionalTagMap: { propagate: "true" }, descriptorFormats: { stack: { labels: ["tenant", "environment", "stage"], format: "%v-%v-%v" }, account_name: { labels: ["stage", "tenant"], format: "%v-%v" } } }],
    ["chained_descriptors", "chained_descriptors: descriptors carried by the context", { context: R("descriptors") }],
    ["source_v25_22_full", "compatibility source_v25_22_full", { enabled: true, ...full }],
    ["source_v25_24_full", "compatibility source_v25_24_full", { regexReplaceChars: "/[^a-tv-zA-Z0-9]/", labelKeyCase: "lower", labelValueCase: "upper", context: R("source_v25_22_full") }],
    ["source_v25_empty", "compatibility source_v25_empty", { stage: "STAGE" }],
  ]),
  // ---------------- fact 1: context output ----------------
  ...g("context output", [
    ["ctx_first", "a first label outputs label_order [] and labels_as_tags [default], nulls kept", { name: "app" }],
    ["ctx_attrs", "attributes are de-duplicated and compacted but not normalised in context", { attributes: ["A b", "A b", "", "x!", "a b"], labelValueCase: "lower" }],
    ["ctx_empty", "an empty input gives an empty id and the default context", {}],
    ["ctx_merge", "tags, additional_tag_map and descriptor_formats merge over the context's", { context: { ...defaultCtx, tags: { a: "1", b: "2" }, additionalTagMap: { x: "1", y: "2" }, descriptorFormats: { one: { format: "%v", labels: ["name"] } }, name: "ctx" }, tags: { b: "3", c: "4" }, additionalTagMap: { y: "3" }, descriptorFormats: { two: { format: "%v", labels: ["stage"] } }, stage: "dev" }],
    ["ctx_attrs_chain", "context attributes come first, then the input's, de-duplicated", { context: { ...defaultCtx, attributes: ["b", "a", ""] }, attributes: ["a", "c", "b", "d"] }],
    ["ctx_null_lists", "a context with null attributes, tags and label_order", { context: { ...defaultCtx, attributes: null, tags: null, additionalTagMap: null, labelOrder: null }, name: "n", attributes: ["z"] }],
  ]),
  // ---------------- fact 2: disabled ----------------
  ...g("enabled", [
    ["dis_full", "disabled blanks only id, id_full, labels, delimiter, attributes and tags", { enabled: false, namespace: "eg", tenant: "t", environment: "ue2", stage: "prod", name: "app", attributes: ["a"], tags: { Owner: "me" }, additionalTagMap: { propagate: "yes" }, idLengthLimit: 8, labelOrder: ["namespace", "tenant", "name"], descriptorFormats: { d: { format: "%v/%v", labels: ["namespace", "name"] } } }],
    ["dis_ctx", "enabled false comes from the context", { context: R("dis_full"), name: "other" }],
    ["dis_override", "enabled true overrides a disabled context", { context: R("dis_full"), enabled: true }],
  ]),
  // ---------------- fact 3: order of work ----------------
  ...g("normalisation", [
    ["norm_dedupe_lower", "XY and xy merge under lower case", { name: "n", attributes: ["XY", "xy", "Xy"] }],
    ["norm_dedupe_none", "XY and xy stay apart under case none", { name: "n", attributes: ["XY", "xy"], labelValueCase: "none" }],
    ["norm_dedupe_upper", "xy and XY merge under upper case", { name: "n", attributes: ["xy", "XY"], labelValueCase: "upper" }],
    ["norm_regex_empty", "a value emptied by the regex is dropped", { namespace: "!!", name: "a b", attributes: ["--", "..", "ok", "o.k"], regexReplaceChars: "/[^a-z]/" }],
    ["norm_regex_dedupe", "values equal after the regex are de-duplicated", { name: "n", attributes: ["a-b", "ab", "a_b"] }],
    ["norm_title", "title casing: only letters, digits and _ continue a word", { namespace: "hello_world-foo", name: "o'neil mc.donald 3rd", attributes: ["x1y", "abc_DEF", "élan vital"], regexReplaceChars: "/[-]/", labelValueCase: "title", delimiter: "|" }],
    ["norm_title_pascal", "title casing with an empty delimiter gives PascalCase", { namespace: "eg", environment: "ue2", name: "my-app", labelValueCase: "title", delimiter: "" }],
    ["norm_unicode", "non-ASCII values under a literal regex: upper, NFC and grapheme length", { namespace: "straße", name: "e\u0301cole ǆungla", environment: "ΑΣ", regexReplaceChars: "x", labelValueCase: "upper", idLengthLimit: 12 }],
    ["norm_unicode_title", "title casing of non-ASCII letters and digraphs", { name: "ǆemal ñandú über", regexReplaceChars: "q", labelValueCase: "title" }],
    ["norm_unicode_lower", "lower casing of non-ASCII letters", { name: "İSTANBUL ΣΟΦΟΣ", regexReplaceChars: "q" }],
  ]),
  // ---------------- fact 4: regex_replace_chars ----------------
  ...g("regexReplaceChars", [
    ["re_default", "the default removes everything but letters, digits and -", { name: "a_b c.d-e/f" }],
    ["re_empty", "an empty string falls back to the default", { name: "a_b c.d-e", regexReplaceChars: "" }],
    ["re_literal", "a value not written /.../ is a literal substring", { name: "a.b.c[x]", regexReplaceChars: "." }],
    ["re_literal_class", "a literal that looks like a class is still literal", { name: "a[^a]b", regexReplaceChars: "[^a]" }],
    ["re_slash", "a single / is a literal slash", { name: "a/b/c", regexReplaceChars: "/" }],
    ["re_empty_regex", "// is an empty regex that removes nothing", { name: "A b!", regexReplaceChars: "//" }],
    ["re_posix", "RE2 POSIX classes are valid", { name: "a-b c.d", regexReplaceChars: "/[^[:alnum:]]/" }],
    ["re_case_insensitive", "RE2 flags work", { name: "XaxbX", regexReplaceChars: "/(?i)x/" }],
    ["re_multi", "a regex may remove runs of characters", { name: "aaa-bbb-aaa", attributes: ["aaaa", "b"], regexReplaceChars: "/a+/" }],
    ["re_unicode_class", "a Unicode class keeps letters of any script", { name: "Ünïcödé-ßtraße!", regexReplaceChars: "/[^\\p{L}-]/" }],
    ["re_from_context", "the regex comes from the context", { name: "a.b_c", context: { ...defaultCtx, regexReplaceChars: "/[^a-z.]/" } }],
  ]),
  // ---------------- fact 5: label_order ----------------
  ...g("labelOrder", [
    ["lo_empty", "[] means the default order, which leaves out tenant", { namespace: "eg", tenant: "acme", environment: "ue2", stage: "prod", name: "app", attributes: ["x"], labelOrder: [] }],
    ["lo_dupes", "duplicates are allowed", { namespace: "eg", name: "app", labelOrder: ["name", "namespace", "name"] }],
    ["lo_tenant", "tenant can be placed anywhere", { namespace: "eg", tenant: "acme", name: "app", labelOrder: ["tenant", "name", "namespace"] }],
    ["lo_ctx", "label_order comes from the context", { context: R("lo_tenant"), stage: "dev" }],
  ]),
  // ---------------- facts 6/7: hash and truncation ----------------
  ...g("truncation", [
    ["tr_6", "limit 6 with delimiter -: no room for a prefix, only the hash", { namespace: "eg", name: "application", idLengthLimit: 6 }],
    ["tr_7", "limit 7: a one-character prefix plus delimiter and hash", { namespace: "eg", name: "application", idLengthLimit: 7 }],
    ["tr_trim", "one trailing delimiter is trimmed and added back", { namespace: "eg", name: "application", idLengthLimit: 9 }],
    ["tr_equal", "no truncation when the id is exactly the limit", { namespace: "eg", name: "app", idLengthLimit: 6 }],
    ["tr_dunder", "with __ a prefix eg_ becomes eg___", { namespace: "eg", name: "application", delimiter: "__", idLengthLimit: 10 }],
    ["tr_dunder2", "with __ a prefix ending in __ keeps one delimiter", { namespace: "eg", name: "application", delimiter: "__", idLengthLimit: 11 }],
    ["tr_title", "the hash is title-cased (first character only) under title", { namespace: "eg", name: "application", stage: "prod", labelValueCase: "title", idLengthLimit: 12 }],
    ["tr_upper", "the hash is upper-cased under upper", { namespace: "eg", name: "application", stage: "prod", labelValueCase: "upper", idLengthLimit: 12 }],
    ["tr_none", "the hash is left as is under none", { namespace: "eg", name: "Application", stage: "prod", labelValueCase: "none", idLengthLimit: 12 }],
    ["tr_regex_hash", "the regex is applied to the hash", { namespace: "eg", name: "application", stage: "prod", regexReplaceChars: "/[0-9]/", idLengthLimit: 20 }],
    ["tr_regex_hash_short", "a hash emptied by the regex leaves the id shorter than the limit", { namespace: "eg", name: "application", stage: "prod", regexReplaceChars: "/[^-a-z]/", idLengthLimit: 12 }],
    ["tr_no_delim", "an empty delimiter leaves room for one more character", { namespace: "eg", name: "application", delimiter: "", idLengthLimit: 8 }],
    ["tr_long_delim", "a long delimiter leaves no room for a prefix", { namespace: "eg", name: "application", delimiter: "----", idLengthLimit: 9 }],
    ["tr_ctx_small", "a context limit below 6 is not validated", { namespace: "eg", name: "application", context: { ...defaultCtx, idLengthLimit: 3 } }],
    ["tr_ctx_negative", "a negative context limit keeps the whole hash", { namespace: "eg", name: "application", context: { ...defaultCtx, idLengthLimit: -2 } }],
    ["tr_chain", "the limit is inherited through the context", { context: R("tr_trim"), attributes: ["more"] }],
    ["tr_unicode", "truncation counts grapheme clusters", { namespace: "ñu", name: "e\u0301e\u0301e\u0301e\u0301e\u0301", regexReplaceChars: "x", idLengthLimit: 9 }],
  ]),
  // ---------------- fact 8/9: tags ----------------
  ...g("tags", [
    ["tg_all", "generated tags: Name is the truncated id, Attributes the joined attributes", { namespace: "eg", tenant: "acme", environment: "ue2", stage: "prod", name: "application", attributes: ["a", "b"], idLengthLimit: 16 }],
    ["tg_empty_dropped", "empty label values generate no tag", { name: "app", stage: "" }],
    ["tg_user_wins", "input tags override generated tags", { namespace: "eg", name: "app", tags: { Name: "custom", Namespace: "other" } }],
    ["tg_key_case_input", "key case applies to generated keys only", { namespace: "eg", name: "app", labelKeyCase: "upper", tags: { owner: "me", Team: "x" } }],
    ["tg_chain_normalized", "chaining from normalized_context lets the parent's generated tags win", { context: R("tg_all", "normalized_context"), name: "child", tags: { Extra: "1" } }],
    ["tg_chain_context", "chaining from context regenerates tags", { context: R("tg_all"), name: "child" }],
    ["tg_order", "tags_as_list_of_maps is sorted bytewise and additional_tag_map overrides key/value", { name: "app", tags: { 10: "ten", 9: "nine", _u: "u", a: "lower", Z: "upper" }, additionalTagMap: { value: "override", propagate: "true" } }],
    ["tg_list_disabled", "tags_as_list_of_maps is still output when disabled", { enabled: false, name: "app", tags: { Team: "x" }, additionalTagMap: { p: "1" } }],
  ]),
  // ---------------- fact 10: labels_as_tags ----------------
  ...g("labelsAsTags", [
    ["lat_empty", "[] suppresses all generated tags", { namespace: "eg", name: "app", labelsAsTags: [], tags: { Team: "x" } }],
    ["lat_empty_sticks", "[] set by a first label sticks in a chained label", { context: R("lat_empty"), labelsAsTags: ["default"] }],
    ["lat_default_mix", "any default in the list means all six labels", { namespace: "eg", stage: "prod", name: "app", labelsAsTags: ["stage", "default"] }],
    ["lat_unknown", "names that are not labels are ignored", { namespace: "eg", name: "app", labelsAsTags: ["foo", "namespace", "namespace"] }],
    ["lat_unset_mix", "a context value containing unset lets the input decide", { namespace: "eg", name: "app", labelsAsTags: ["name"], context: { ...defaultCtx, labelsAsTags: ["unset", "stage"] } }],
    ["lat_ctx_tuple", "a context value is kept as given", { namespace: "eg", stage: "s", name: "app", context: { ...defaultCtx, labelsAsTags: ["stage", "namespace"] } }],
    ["lat_normalized", "chaining from normalized_context gives the resolved list", { context: R("lat_default_mix", "normalized_context"), labelsAsTags: ["name"] }],
  ]),
  // ---------------- fact 12: descriptors ----------------
  ...g("descriptors", [
    ["ds_cased", "descriptors use the cased labels and the joined attributes, not the id", { namespace: "EG", name: "My App", attributes: ["x", "y"], idLengthLimit: 6, labelValueCase: "upper", descriptorFormats: { n: { format: "%s/%s", labels: ["name", "attributes"] }, stack: { format: "%[2]v-%[1]v", labels: ["namespace", "name"] }, lit: { format: "100%%", labels: [] } } }],
    ["ds_disabled", "descriptors are computed when disabled", { enabled: false, namespace: "eg", stage: "prod", descriptorFormats: { ns: { format: "ns=%q", labels: ["namespace"] }, empty: { format: "[%v]", labels: ["tenant"] } } }],
    ["ds_ctx_merge", "a descriptor of the same name in the input replaces the context's", { context: R("ds_disabled"), enabled: true, descriptorFormats: { ns: { format: "%5s|%-4s|", labels: ["namespace", "stage"] } } }],
  ]),
  // ---------------- fact 13/14: validation and older contexts ----------------
  ...g("older contexts", [
    ["old_v22", "a 0.22 context without tenant, case fields, descriptor_formats and labels_as_tags", { context: { enabled: true, namespace: "CloudPosse", environment: "UAT", stage: "build", name: "Winston Churchroom", delimiter: "+", attributes: ["fire", "water"], tags: { City: "Dublin" }, additionalTagMap: { propagate: "true" }, labelOrder: ["name", "environment", "stage", "attributes"], regexReplaceChars: "/[^a-tv-zA-Z0-9+]/", idLengthLimit: 28 } }],
    ["old_v24", "a 0.24 context with case fields but no tenant", { context: { enabled: true, namespace: "CloudPosse", environment: "UAT", stage: "build", name: "Winston", delimiter: null, attributes: [], tags: {}, additionalTagMap: {}, labelOrder: [], regexReplaceChars: null, idLengthLimit: null, labelKeyCase: "upper", labelValueCase: "lower" }, tenant: "acme" }],
    ["old_null_lat", "labels_as_tags null in a context counts as unset", { name: "app", labelsAsTags: ["name"], context: { ...defaultCtx, labelsAsTags: null } }],
  ]),
  // ---------------- more chains and corners ----------------
  ...g("chains", [
    ["ch_first", "a first label for a three-label chain", { namespace: "eg", environment: "ue2", stage: "prod", name: "dashboards", attributes: ["api", "key"], tags: { Team: "platform" }, idLengthLimit: 32 }],
    ["ch_second", "a second label from the first's context", { context: R("ch_first"), name: "service-1", attributes: ["logs"] }],
    ["ch_third", "a third label from the second's normalized context", { context: R("ch_second", "normalized_context"), attributes: ["rule"], tags: { Component: "eventbridge" } }],
    ["ch_default_sticks", "labels_as_tags [default] from a first label sticks", { context: R("ch_first"), labelsAsTags: ["name"] }],
    ["ch_order_reset", "labelOrder [] in the input resets a context's order to the default", { context: R("lo_tenant"), labelOrder: [] }],
    ["ch_tenant_tag", "tenant is tagged even when not in labelOrder", { namespace: "eg", tenant: "Acme Corp", name: "app", labelsAsTags: ["tenant", "name"] }],
    ["ch_delim_regex", "a delimiter the regex would remove is kept in the id", { namespace: "eg", name: "app", attributes: ["a", "b"], delimiter: "+" }],
    ["ch_empty_strings", "empty strings are values, not nulls: they override the context", { context: R("ch_first"), namespace: "", stage: "", delimiter: "" }],
    ["ch_special_keys", "tag keys that look like JS internals stay plain keys", { name: "app", tags: { constructor: "c", toString: "t", hasOwnProperty: "h" } }],
  ]),
];
