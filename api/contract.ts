export type * from "../core/contract";
