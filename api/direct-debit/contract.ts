export type * from "../../core/contract/direct-debit";
