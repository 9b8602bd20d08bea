// One import suffices: `import PortableSQLCluster` brings the core API too.
@_exported import PortableSQL
