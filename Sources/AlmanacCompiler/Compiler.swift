// The compiler stages live here: see FireStream, Compiler.
