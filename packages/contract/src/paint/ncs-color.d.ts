declare module 'ncs-color' {
  /** `#rrggbb` of an NCS notation such as `NCS S 1050-Y90R`, or false when it is not one */
  export function hex(ncs: string): string | null
}
