/**
 * tf-adopt takes what it adopts from the components' declarations (components/kit/adoption.ts, each component's rules):
 * a component the migration has never heard of (here `widget`, adopting SNS topics) gets its section of the report,
 * its matches and its vars, and the command's messages name what every adopting component of the list declares.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { sectionOf, type ComponentAdoption, type TerraformResource } from "../../components/kit/adoption";
import type { ComponentDefinition } from "../../components/kit/definition";
import { COMPONENT_DEFINITIONS } from "../../components/registry";
import { adoptionPlan } from "../../migrate/adoptionPlan";
import {
    adoptingComponents,
    adoptionReport,
    reportSections,
    type AdoptingComponent,
} from "../../migrate/terraformState";
import type { StackInstance } from "../../stack";
import { tfAdoptCommand } from "../helpers/commands";

/** A topic of the report's `topics` section. */
type Topic = { readonly name: string; readonly address: string };

const WIDGET_ADOPTION: ComponentAdoption = {
    adopts: [{ what: "SNS topic", type: "aws_sns_topic" }],
    adoptionArgs: ["adoptExisting"],
    names: (instance) => {
        if (typeof instance.args.name !== "string") throw new Error("no name");
        return { topic: `eg-${instance.args.name}` };
    },
    read: (ofType) => {
        const topics = ofType("aws_sns_topic").map((r) => ({ name: String(r.attributes.name), address: r.address }));
        return { sections: { topics }, used: topics.map((t) => t.address), problems: [] };
    },
    steps: (sections) => ({
        adoptables: sectionOf<Topic>(sections, "topics").map((topic) => ({
            what: `topic "${topic.name}"`,
            matchBy: [["topic", topic.name]],
            addresses: [topic.address],
            vars: (match) => ({ adopt_existing: true, ...(match ? {} : { name: topic.name.slice(3) }) }),
        })),
        notes: [],
    }),
};

const WIDGET: AdoptingComponent = {
    definition: {
        path: "widget",
        args: { adoptExisting: { var: "adopt_existing" } },
    } as unknown as ComponentDefinition,
    adoption: WIDGET_ADOPTION,
};

const resource = (address: string, type: string, attributes: Record<string, unknown>): TerraformResource => ({
    address,
    type,
    attributes,
});

const instance = (name: string, component: string, args: Record<string, unknown>): StackInstance =>
    ({ name, component, args, vars: {}, varLocations: {} }) as unknown as StackInstance;

describe("tf-adopt from the components' declarations (components/kit/adoption.ts)", () => {
    const state = [
        resource("aws_sns_topic.a", "aws_sns_topic", { name: "eg-alerts" }),
        resource("aws_sns_topic.b", "aws_sns_topic", { name: "eg-other" }),
        resource("aws_iam_role.r", "aws_iam_role", {}),
    ];

    it("reports a section per declared kind, and leaves the rest as not adopted", () => {
        const report = adoptionReport(state, [WIDGET]);
        assert.deepEqual(reportSections(report), {
            topics: [
                { name: "eg-alerts", address: "aws_sns_topic.a" },
                { name: "eg-other", address: "aws_sns_topic.b" },
            ],
        });
        assert.deepEqual(report.notAdopted, ["aws_iam_role.r"]);
    });

    it("matches an instance of the component by the names it declares, and only of that component", () => {
        const report = adoptionReport(state, [WIDGET]);
        const plan = adoptionPlan(
            report,
            [
                instance("other/alerts", "eventbridge", { name: "alerts" }),
                instance("widget/broken", "widget", {}),
                instance("widget/alerts", "widget", { name: "alerts", adoptExisting: true }),
            ],
            [WIDGET],
        );
        assert.deepEqual(plan.instances, [
            { instance: "widget/alerts", what: 'topic "eg-alerts"', vars: { adopt_existing: true } },
            { instance: undefined, what: 'topic "eg-other"', vars: { adopt_existing: true, name: "other" } },
        ]);
        assert.equal(plan.stateRm, "terraform state rm aws_sns_topic.a");
    });

    it("refuses two components writing one section, or a section named like the report's own fields", () => {
        const other = { ...WIDGET, definition: { ...WIDGET.definition, path: "gadget" } as ComponentDefinition };
        assert.throws(() => adoptionReport(state, [WIDGET, other]), /^TypeError: gadget: .* section "topics"$/);
        const problems: AdoptingComponent = {
            ...WIDGET,
            adoption: { ...WIDGET_ADOPTION, read: () => ({ sections: { problems: [] }, used: [], problems: [] }) },
        };
        assert.throws(() => adoptionReport(state, [problems]), /section "problems"/);
    });

    it("lists the list's adopting components by path, each declaring an adoption argument of its definition", () => {
        const components = adoptingComponents();
        assert.ok(components.length > 0);
        assert.deepEqual(
            components.map((c) => c.definition.path),
            [...components.map((c) => c.definition.path)].sort(),
        );
        for (const { definition, adoption } of components) {
            assert.ok(COMPONENT_DEFINITIONS.includes(definition as (typeof COMPONENT_DEFINITIONS)[number]));
            for (const arg of adoption.adoptionArgs) {
                assert.ok(arg in definition.args, `${definition.path}: ${arg} is not an argument`);
            }
        }
    });

    it("names in its usage the adoption vars the components declare, and in 'nothing to adopt' what they adopt", () => {
        const components = adoptingComponents();
        const usage = tfAdoptCommand([]).stderr.replace(/\n/g, " ");
        for (const { definition, adoption } of components) {
            for (const arg of adoption.adoptionArgs) {
                const declared = (definition.args as Record<string, { var: string }>)[arg].var;
                assert.ok(usage.includes(declared), `${declared} in ${usage}`);
            }
        }
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tf-adopt-components-"));
        try {
            const empty = path.join(dir, "empty.json");
            fs.writeFileSync(empty, '{"format_version": "1.0"}');
            const nothing = tfAdoptCommand([empty]).stderr;
            for (const { adoption } of components) {
                for (const { what, type } of adoption.adopts) assert.ok(nothing.includes(`${what} (${type})`), nothing);
            }
        } finally {
            fs.rmSync(dir, { recursive: true, force: true });
        }
    });

    it("has each adopting component of the list read the resource types it declares, and write its sections", () => {
        for (const { definition, adoption } of adoptingComponents()) {
            const asked = new Set<string>();
            const found = adoption.read((type) => {
                asked.add(type);
                return [];
            });
            for (const { type } of adoption.adopts) assert.ok(asked.has(type), `${definition.path} reads ${type}`);
            assert.ok(Object.keys(found.sections).length > 0, `${definition.path} writes a section`);
        }
    });
});
