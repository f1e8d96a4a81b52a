import AlmanacPostgres
import Testing

/// Reading `--store` addresses needs no server.
struct StoreAddressTests {
    @Test func storeAddressesAreReadAsLibpqWritesThem() throws {
        let a = try StoreAddress("postgres://app:s%40cret@db.example:6543/plans?sslmode=require&connect_timeout=2&application_name=x")
        #expect(a.user == "app" && a.password == "s@cret" && a.host == "db.example" && a.port == 6543 && a.database == "plans")
        #expect(a.requireTLS && a.redacted == "postgres://app:***@db.example:6543/plans")
        #expect(a.connectTimeout == 2 && a.applicationName == "x")
        #expect(try StoreAddress("postgres://me@h?connect_timeout=0").connectTimeout == nil)
        #expect(try StoreAddress("postgres://me@h").connectTimeout == StoreAddress.defaultConnectTimeout)
        let socket = try StoreAddress("postgresql://me@/almanac?host=/var/run/postgresql")
        #expect(socket.socketDirectory == "/var/run/postgresql" && socket.database == "almanac")
        #expect(socket.endpoint == "/var/run/postgresql/.s.PGSQL.5432")
        #expect(try StoreAddress("postgres://me@h").database == "me")
        for bad in [
            "mysql://x@h/db", "postgres://h/db", "postgres://u@h:99999/db", "postgres://u@h/db?sslmode=maybe", "postgres://u@h/db?frob=1",
            "postgres://u@h/db?connect_timeout=soon", "postgres://u@h/db?connect_timeout=-1",
        ] {
            #expect(throws: StoreAddress.Invalid.self) { try StoreAddress(bad) }
        }
    }

    /// A password never shows, however it is given: in the user info (encoded or not, holding `@`,
    /// `/`, `:`, `?` or `#`), as `password=` or `sslpassword=` (any case, percent-encoded names), in an
    /// address that does not even parse, in libpq's `key=value` form.
    @Test(arguments: [
        ("postgres://u:pw@h/db", "postgres://u:***@h/db"),
        ("postgres://u:p@ss/w:rd@h:5/db", "postgres://u:***@h:5/db"),
        ("postgres://u@h/db?password=pw", "postgres://u@h/db?password=***"),
        ("postgres://u@h/db?sslmode=disable&PassWord=pw&x=1", "postgres://u@h/db?sslmode=disable&PassWord=***&x=1"),
        ("postgres://u@h/db?pass%77ord=pw", "postgres://u@h/db?pass%77ord=***"),
        ("postgres://u@h/db?sslpassword=pw", "postgres://u@h/db?sslpassword=***"),
        ("postgres://u:pw@h:99999/db?password=pw2", "postgres://u:***@h:99999/db?password=***"),
        // Unencoded `?` and `#` in the password: the address does not parse, the message hides it.
        ("postgres://u:p?w@h/db", "postgres://u:***@h/db"),
        ("postgres://u:p#w?x=pw@h/db?sslmode=disable", "postgres://u:***@h/db?sslmode=disable"),
        // An `@` in a parameter: more is hidden than needed, never less.
        ("postgres://u:pw@h/db?application_name=a@b", "postgres://u:***@b"),
        ("postgres://u@h:5/db?application_name=a@b&password=pw", "postgres://u@h:5/db?application_name=a@b&password=***"),
        // libpq's key=value form, which --store does not take but a message may quote.
        ("host=h user=u password=pw", "host=h user=u password=***"),
        ("host=h PASSWORD = 'p w\\'x' port=5", "host=h PASSWORD=*** port=5"),
    ])
    func passwordsAreNeverShown(address: String, shown: String) throws {
        #expect(StoreAddress.redactedText(address) == shown)
        if let parsed = try? StoreAddress(address) {
            #expect(!parsed.redacted.contains("pw"))
        } else {
            do {
                _ = try StoreAddress(address)
            } catch {
                #expect(!"\(error)".contains("pw"))
            }
        }
    }
}
