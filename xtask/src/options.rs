//! Command-line options of the tasks, read one flag at a time.

/// The options after a task's name.
pub struct Options<'a> {
    args: std::slice::Iter<'a, String>,
}

impl<'a> Options<'a> {
    /// The options `args`.
    pub fn new(args: &'a [String]) -> Self {
        Options { args: args.iter() }
    }

    /// The next flag, such as `--max`.
    pub fn next_flag(&mut self) -> Option<&'a str> {
        self.args.next().map(String::as_str)
    }

    /// The value that follows `flag`.
    pub fn value(&mut self, flag: &str) -> Result<String, String> {
        self.args
            .next()
            .cloned()
            .ok_or_else(|| format!("{flag} needs a value"))
    }
}
