/** The `eventbridge` component: its definition, its pure resolver and its Pulumi wiring. */
export * from "./definition";
export * from "./resolve";
export * from "./component";
