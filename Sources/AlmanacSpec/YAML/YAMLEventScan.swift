import AlmanacModel
import CYAML

/// The bare libyaml event loop, doing nothing with the events: the floor any YAML front end is
/// measured against (the parse benchmark reports the front end as a multiple of this).
public enum YAMLEventScan {
    /// The number of events libyaml produces for `bytes`, or nil on a parse error.
    public static func count(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) != 0 else { return nil }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var event = yaml_event_t()
            var n = 0
            while true {
                guard yaml_parser_parse(&parser, &event) != 0 else { return nil }
                let done = event.type == YAML_STREAM_END_EVENT
                yaml_event_delete(&event)
                n += 1
                if done { return n }
            }
        }
    }
}
