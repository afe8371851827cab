// Compiles on both sides and fails at the link: missing() is declared, never defined.
int missing(int);

int main() { return missing(1); }
