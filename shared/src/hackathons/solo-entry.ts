/**
 * Whether a participant registered without a team enters a project of their own: only where teams of one are
 * allowed and no fee is charged (a fee is paid by a team, a team of one for someone alone, whose completion then
 * says it was paid). The command side and the read side both ask this (docs/judging.md).
 */
export const soloEntryAllowed = (hackathon: { minMembers: number; paid: boolean }): boolean => hackathon.minMembers === 1 && !hackathon.paid;
