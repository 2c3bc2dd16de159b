/** True when packages can be installed with apt-get without asking anyone: root on Debian/Ubuntu. */
export function canInstallDebianPackages(): boolean;
/** Installs Debian packages (no recommends); output goes to stderr so test output stays readable. */
export function installDebianPackages(packages: string[]): void;
export function commandExists(name: string): boolean;
